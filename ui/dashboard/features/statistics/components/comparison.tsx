import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { changeOf, type Formats } from './format';

/** ↑ / ↓ and the percentage against the week before, said in words to screen readers. */
export function Comparison({ current, previous, formats, display }: { current: number; previous: number; formats: Formats; display: string }) {
  const { t } = useTranslation('statistics');
  const change = changeOf(current, previous);
  if (change === null) {
    return (
      <Text fontSize="sm" color="fg.muted" data-testid="comparison">
        {current === 0 ? t('comparison.none') : t('comparison.new', { previous: display })}
      </Text>
    );
  }
  const direction = change > 0 ? 'up' : change < 0 ? 'down' : 'same';
  const arrow = direction === 'up' ? '↑' : direction === 'down' ? '↓' : '=';
  const amount = formats.percent(Math.abs(change));
  return (
    <Text fontSize="sm" color={direction === 'up' ? 'green.fg' : direction === 'down' ? 'red.fg' : 'fg.muted'} data-testid="comparison">
      <span aria-hidden="true">{`${arrow} ${direction === 'same' ? '' : amount} `}</span>
      <span aria-hidden="true">{t('comparison.previous', { previous: display })}</span>
      <span className="visually-hidden" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {t(`comparison.${direction}`, { amount, previous: display })}
      </span>
    </Text>
  );
}
