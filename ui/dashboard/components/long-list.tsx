import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { truncated } from '../lib/long-list';

/** A long list's state: its first 30 items (and those `kept`), all once expanded; `toggle` shows all or the first again. */
export function useLongList<T>(items: readonly T[], kept?: (item: T) => boolean) {
  const [expanded, setExpanded] = useState(false);
  const { shown, more } = truncated(items, { expanded, ...(kept ? { kept } : {}) });
  return { shown, more, expanded, canCollapse: expanded && truncated(items).more > 0, toggle: () => setExpanded((e) => !e) };
}

/** The button under a long list: "Show the N others" while some are hidden, "Show fewer" once all are. */
export function LongListToggle({ list }: { list: Pick<ReturnType<typeof useLongList>, 'more' | 'canCollapse' | 'toggle'> }) {
  const { t, i18n } = useTranslation('app');
  if (list.more === 0 && !list.canCollapse) return null;
  return (
    <Button type="button" size="xs" variant="ghost" alignSelf="start" onClick={list.toggle} data-testid="long-list-toggle">
      {list.more > 0 ? t('longList.showAll', { count: list.more, formatted: new Intl.NumberFormat(i18n.language).format(list.more) }) : t('longList.showFewer')}
    </Button>
  );
}
