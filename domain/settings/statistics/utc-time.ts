/**
 * UTC instants as the event store writes them (ISO-8601), read and written
 * without the Date global: the domain reads no clock (the time comes in with
 * the events). Days are counted from 1970-01-01 on the proleptic Gregorian
 * calendar (H. Hinnant's days_from_civil and civil_from_days).
 */
export const DAY_MS = 86_400_000;

const INSTANT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:\d{2})$/;

/** Days since 1970-01-01 of a calendar date. */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar date of a day number. */
export function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day: dayOfYear - Math.floor((153 * mp + 2) / 5) + 1 };
}

/** Epoch milliseconds of an ISO-8601 instant with its offset (`Z` or ±hh:mm); a number is taken as such. */
export function instantMs(at: string | number): number {
  if (typeof at === 'number') {
    if (!Number.isFinite(at)) throw new RangeError(`Not an instant: ${at}`);
    return at;
  }
  const match = INSTANT.exec(at);
  if (!match) throw new RangeError(`Not an ISO-8601 instant: ${at}`);
  const [, year, month, day, hour, minute, second = '0', fraction = '0', zone] = match as unknown as string[];
  const offsetMinutes = zone === 'Z' ? 0 : (zone!.startsWith('-') ? -1 : 1) * (Number(zone!.slice(1, 3)) * 60 + Number(zone!.slice(4, 6)));
  const ms = Math.floor(Number(`0.${fraction}`) * 1000);
  return (daysFromCivil(Number(year), Number(month), Number(day)) * 86_400 + Number(hour) * 3600 + Number(minute) * 60 + Number(second) - offsetMinutes * 60) * 1000 + ms;
}

/** The UTC ISO-8601 text of epoch milliseconds (as Date#toISOString writes it). */
export function isoOfMs(ms: number): string {
  const days = Math.floor(ms / DAY_MS);
  const { year, month, day } = civilFromDays(days);
  const rest = ms - days * DAY_MS;
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(Math.floor(rest / 3_600_000))}:${two(Math.floor(rest / 60_000) % 60)}:${two(Math.floor(rest / 1000) % 60)}.${String(rest % 1000).padStart(3, '0')}`;
  return `${String(year).padStart(4, '0')}-${two(month)}-${two(day)}T${time}Z`;
}
