import { PAYMENT_DELAY_WORKING_DAYS, paymentDueDate } from '@server/domain/payments/working-days';

export { PAYMENT_DELAY_WORKING_DAYS };

/** Today's date in France (the public holidays counted are French ones): YYYY-MM-DD. */
export function todayInFrance(now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The latest day a customer who accepts today is paid (5 working days,
 * domain/payments/working-days.ts), written out in their language: the
 * information the specification asks to show, not a commitment computed
 * by the server.
 */
export function paymentDueDateText(language: string, now: Date = new Date()): string {
  const due = paymentDueDate(todayInFrance(now));
  return new Intl.DateTimeFormat(language, { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${due}T00:00:00Z`));
}
