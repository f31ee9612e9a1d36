import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { PaymentModifier } from '../types';

/** A bonus or malus in words: "Malus 10 % (at most 20.00 €)", "Bonus 5.00 €", "None". */
export function useModifierText(): (modifier: PaymentModifier) => string {
  const { t, i18n } = useTranslation('payment-modes');
  return useCallback(
    (modifier: PaymentModifier) => {
      const euros = (cents: number) => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }).format(Math.abs(cents) / 100);
      switch (modifier.kind) {
        case 'percentage': {
          const kind = modifier.percent > 0 ? 'bonus' : 'malus';
          const text = t(`modifierText.${kind}Percent`, { percent: Math.abs(modifier.percent) });
          return modifier.capInCents === null ? text : t('modifierText.capped', { text, cap: euros(modifier.capInCents) });
        }
        case 'amount':
          return t(`modifierText.${modifier.amountInCents > 0 ? 'bonus' : 'malus'}Amount`, { amount: euros(modifier.amountInCents) });
        default:
          return t('modifierText.none');
      }
    },
    [t, i18n.language],
  );
}
