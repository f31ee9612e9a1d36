/**
 * ISO-8601 weeks in UTC: a week runs from Monday 00:00:00.000 UTC to the
 * next Monday, and belongs to the year its Thursday falls in
 * (`2026-W01` starts on Monday 29 December 2025). The statistics count an
 * event in the week of its `occurredAt`, read in UTC whatever the retailer's
 * time zone (see docs/specification-readings.md): one answer for every
 * caller, and a week's figures never move when a user changes time zone.
 */
import { civilFromDays, DAY_MS, daysFromCivil, instantMs, isoOfMs } from './utc-time.js';

const WEEK_MS = 7 * DAY_MS;
export const ISO_WEEK_PATTERN = /^(\d{4})-W(\d{2})$/;

/** The weeks of the texts read last: a fact's totals ask the week of the same few instants once per week and scope they touch. */
const RECENT_WEEKS_LIMIT = 1_024;
const recentWeeks = new Map<string, string>();

/** The ISO week ('YYYY-Www') of a UTC instant (ISO-8601 text or epoch milliseconds). */
export function isoWeekOf(at: string | number): string {
  if (typeof at === 'number') return weekOfMs(at);
  let week = recentWeeks.get(at);
  if (week === undefined) {
    week = weekOfMs(instantMs(at));
    if (recentWeeks.size >= RECENT_WEEKS_LIMIT) recentWeeks.clear();
    recentWeeks.set(at, week);
  }
  return week;
}

function weekOfMs(at: number): string {
  const day = Math.floor(instantMs(at) / DAY_MS);
  // 1970-01-01 was a Thursday: (day + 3) mod 7 is 0 on Mondays.
  const weekday = (((day + 3) % 7) + 7) % 7;
  const thursday = day - weekday + 3;
  const { year } = civilFromDays(thursday);
  const week = Math.floor((thursday - daysFromCivil(year, 1, 1)) / 7) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

/** Monday 00:00 UTC of the ISO year's first week, in epoch milliseconds. */
function firstMondayOf(year: number): number {
  const january4 = daysFromCivil(year, 1, 4);
  const weekday = (((january4 + 3) % 7) + 7) % 7;
  return (january4 - weekday) * DAY_MS;
}

/** The number of ISO weeks of a year (52 or 53). */
export function weeksInYear(year: number): number {
  return (firstMondayOf(year + 1) - firstMondayOf(year)) / WEEK_MS;
}

/** Whether the text names an ISO week that exists ('2026-W53' does, '2025-W53' does not). */
export function isIsoWeek(text: string): boolean {
  const match = ISO_WEEK_PATTERN.exec(text);
  if (!match) return false;
  const year = Number(match[1]);
  const week = Number(match[2]);
  return year >= 1970 && week >= 1 && week <= weeksInYear(year);
}

/** Monday 00:00 UTC of the week, in epoch milliseconds. */
export function weekStartMs(week: string): number {
  const match = ISO_WEEK_PATTERN.exec(week);
  if (!match || !isIsoWeek(week)) throw new RangeError(`Not an ISO week: ${week}`);
  return firstMondayOf(Number(match[1])) + (Number(match[2]) - 1) * WEEK_MS;
}

/** The week `count` weeks after (negative: before) the given one. */
export function addWeeks(week: string, count: number): string {
  return isoWeekOf(weekStartMs(week) + count * WEEK_MS);
}

/** The last full week before the instant: the one "refreshed every Monday" (on a Monday at 00:00 UTC, the week that just ended). */
export function lastFullWeek(now: string | number): string {
  return addWeeks(isoWeekOf(now), -1);
}

/** How many weeks from `from` to `to` (negative when `to` is earlier). */
export function weeksBetween(from: string, to: string): number {
  return Math.round((weekStartMs(to) - weekStartMs(from)) / WEEK_MS);
}

/** The week's first and last instants, UTC ISO-8601 (Monday 00:00:00.000 to Sunday 23:59:59.999). */
export function weekBounds(week: string): { from: string; to: string } {
  const start = weekStartMs(week);
  return { from: isoOfMs(start), to: isoOfMs(start + WEEK_MS - 1) };
}
