import type { TFunction } from 'i18next';
import { formatMoney } from '../../../../shared/format/format';
import type { Payment } from '../types';

/** The payment mode's bonus or malus in words: "bonus of 5 % (at most €10.00)", "malus of €3.00", or none. */
export function modifierText(payment: Pick<Payment, 'modifier' | 'amount'>, t: TFunction<'payments'>, language: string): string {
  const modifier = payment.modifier;
  const money = (amountInCents: number) => formatMoney({ amountInCents: Math.abs(amountInCents), currency: payment.amount.currency }, language);
  if (modifier.kind === 'disabled') return t('modifier.none');
  if (modifier.kind === 'amount') return t(modifier.amountInCents >= 0 ? 'modifier.bonusAmount' : 'modifier.malusAmount', { amount: money(modifier.amountInCents) });
  const kind = modifier.percent >= 0 ? 'bonus' : 'malus';
  const percent = Math.abs(modifier.percent);
  return modifier.capInCents === null
    ? t(`modifier.${kind}Percent`, { percent })
    : t(`modifier.${kind}PercentCapped`, { percent, cap: money(modifier.capInCents) });
}

/** What the bonus or malus added (or took off): the amount paid less the validated price, signed. */
export function modifierDifference(payment: Pick<Payment, 'amount' | 'validatedPrice'>, language: string): string | null {
  const difference = payment.amount.amountInCents - payment.validatedPrice.amountInCents;
  if (difference === 0) return null;
  const shown = formatMoney({ amountInCents: Math.abs(difference), currency: payment.amount.currency }, language);
  return `${difference > 0 ? '+' : '−'} ${shown}`;
}
