/** The statistics' numbers in the user's language and the account's currency (Intl). */
export interface Formats {
  count(value: number): string;
  money(cents: number, currency: string): string;
  percent(ratio: number): string;
  duration(minutes: number): string;
  weekRange(from: string, to: string): string;
}

export function formatsOf(locale: string): Formats {
  const count = new Intl.NumberFormat(locale);
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 });
  const hours = new Intl.NumberFormat(locale, { style: 'unit', unit: 'hour', unitDisplay: 'short', maximumFractionDigits: 1 });
  const days = new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 1 });
  const minutes = new Intl.NumberFormat(locale, { style: 'unit', unit: 'minute', unitDisplay: 'short', maximumFractionDigits: 0 });
  const day = new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
  return {
    count: (value) => count.format(value),
    money: (cents, currency) => new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100),
    percent: (ratio) => percent.format(ratio),
    duration: (value) => (value < 60 ? minutes.format(value) : value < 48 * 60 ? hours.format(value / 60) : days.format(value / 1440)),
    weekRange: (from, to) => day.formatRange(new Date(from), new Date(to)),
  };
}

/** The change from the week before, as a ratio (null when the week before had none: no percentage to give). */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / previous;
}
