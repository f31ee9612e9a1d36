import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Facts, FactsSection } from '../../../components/facts';
import type { Replay, ReplayWording } from '../replay-data';
import { itemStatusLabel } from '../status-labels';

type ItemAtMoment = Replay['state']['item'];

/** A value with its test id, "—" when there is none at this moment. */
const shown = (testId: string, value: string | null) => <span data-testid={testId}>{value ?? '—'}</span>;

/** The device as it was at the moment shown: status (and how it was completed), stock, quarantine reason, place of loss. */
export function ItemState({ state, words }: { state: ItemAtMoment; words: ReplayWording }) {
  const { t } = useTranslation('audit-replay');
  return (
    <FactsSection id="replay-item-state" title={t('state.item')}>
      {state === null || state.status === null ? (
        <Text color="fg.muted">{t('state.noItem')}</Text>
      ) : (
        <Facts
          items={[
            [t('state.itemStatus'), shown('replay-item-status', itemStatusLabel(state.status, state.completion, words.t))],
            [t('state.stock'), shown('replay-item-stock', state.stock ? words.stockName(state.stock.id) : t('stockNames.none'))],
            [t('state.quarantineReason'), shown('replay-quarantine-reason', state.quarantineReason ? t(`api:items.quarantineReasons.${state.quarantineReason}`) : null)],
            [t('state.lostPlace'), shown('replay-lost-place', state.lostPlace ? t(`api:items.lostPlaces.${state.lostPlace}`) : null)],
          ]}
        />
      )}
    </FactsSection>
  );
}
