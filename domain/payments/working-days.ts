/**
 * The customer is paid within 5 working days of accepting the price
 * (specification 001, "Payment informational delay"): shown to them as
 * information. Working days are Monday to Friday but French public holidays:
 * the fixed ones and Easter Monday, Ascension Thursday and Whit Monday,
 * computed from Easter. Pure: calendar dates in, calendar dates out
 * (`YYYY-MM-DD`); the caller says which day the acceptance was on.
 */

/** How many working days after the acceptance the customer is paid at the latest. */
export const PAYMENT_DELAY_WORKING_DAYS = 5;

const FIXED_HOLIDAYS = ['01-01', '05-01', '05-08', '07-14', '08-15', '11-01', '11-11', '12-25'];
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Easter Sunday of a Gregorian year (the anonymous algorithm: Meeus, Jones, Butcher). */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return format(daysFromCivil(year, month, day));
}

/** The French public holidays of a year, in date order. */
export function frenchPublicHolidays(year: number): string[] {
  const easter = parse(easterSunday(year));
  const movable = [1, 39, 50].map((days) => format(easter + days));
  return [...FIXED_HOLIDAYS.map((monthDay) => `${year}-${monthDay}`), ...movable].sort();
}

export function isWorkingDay(date: string): boolean {
  const day = parse(date);
  // Day 0 (1970-01-01) was a Thursday: 0 is Sunday, 6 Saturday.
  const weekday = (((day + 4) % 7) + 7) % 7;
  if (weekday === 0 || weekday === 6) return false;
  return !frenchPublicHolidays(Number(date.slice(0, 4))).includes(date);
}

/** The `count`-th working day after `date` (the day itself not counted). */
export function addWorkingDays(date: string, count: number): string {
  if (!Number.isInteger(count) || count < 0) throw new RangeError('count must be a non-negative integer');
  let day = parse(date);
  for (let left = count; left > 0; ) {
    day += 1;
    if (isWorkingDay(format(day))) left--;
  }
  return format(day);
}

/** The latest day the customer is paid, for a price accepted on `acceptedOn`. */
export function paymentDueDate(acceptedOn: string): string {
  return addWorkingDays(acceptedOn, PAYMENT_DELAY_WORKING_DAYS);
}

/** The day number (days since 1970-01-01) of a calendar date; refuses what is not one. */
function parse(date: string): number {
  const match = DATE.exec(date);
  if (!match) throw new RangeError(`Not a calendar date (YYYY-MM-DD): ${date}`);
  const day = daysFromCivil(Number(match[1]), Number(match[2]), Number(match[3]));
  if (format(day) !== date) throw new RangeError(`Not a calendar date: ${date}`);
  return day;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil): no clock, no Date. */
function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The calendar date of a day number (civil_from_days). */
function format(days: number): string {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const dayOfEra = z - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const mp = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
