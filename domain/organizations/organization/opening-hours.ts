/**
 * A store's opening hours (issue 24: the storefront's drop-off stores show
 * them): for each day of the week, the ranges it is open, in order, none
 * overlapping; a day with none is closed. Null on the organization: not
 * given. Times are the store's local wall-clock times, "HH:MM" (a range may
 * close at 24:00), not instants: they carry no time zone.
 */
import type { FieldProblem } from './validate.js';

export const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type Weekday = (typeof WEEKDAYS)[number];

export interface TimeRange {
  /** "HH:MM", 00:00 to 23:59. */
  opens: string;
  /** "HH:MM", after `opens`, at most 24:00. */
  closes: string;
}

export type OpeningHours = Record<Weekday, TimeRange[]>;

/** At most this many ranges a day (morning, afternoon, evening… with room to spare). */
export const MAX_RANGES_PER_DAY = 4;

const TIME = /^(\d{1,2}):(\d{2})$/;

/** Minutes since midnight of "HH:MM" (24:00 only as a closing time), or null when it is no time. */
function minutesOf(time: string, closing: boolean): number | null {
  const match = TIME.exec(time.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  if (minutes > 59) return null;
  if (hours === 24 && minutes === 0 && closing) return 24 * 60;
  return hours <= 23 ? hours * 60 + minutes : null;
}

const pad = (time: string) => {
  const [hours = '', minutes = ''] = time.trim().split(':');
  return `${hours.padStart(2, '0')}:${minutes}`;
};

/**
 * The hours as kept (every day named, times as "HH:MM"), or null when none
 * were given; each day that breaks the rules is appended to `problems`
 * (ENTITY_OPENING_HOURS_INVALID at `openingHours.<day>`).
 */
export function normalizeOpeningHours(hours: Partial<Record<string, readonly TimeRange[]>> | null | undefined, problems: FieldProblem[]): OpeningHours | null {
  if (hours === null || hours === undefined) return null;
  const normalized = {} as Record<Weekday, TimeRange[]>;
  for (const unknownDay of Object.keys(hours)) {
    if (!(WEEKDAYS as readonly string[]).includes(unknownDay)) problems.push({ field: `openingHours.${unknownDay}`, code: 'ENTITY_OPENING_HOURS_INVALID', day: unknownDay });
  }
  for (const day of WEEKDAYS) {
    const ranges = hours[day] ?? [];
    normalized[day] = ranges.map((range) => ({ opens: pad(range.opens), closes: pad(range.closes) }));
    if (!validDay(ranges)) problems.push({ field: `openingHours.${day}`, code: 'ENTITY_OPENING_HOURS_INVALID', day, max: MAX_RANGES_PER_DAY });
  }
  return normalized;
}

function validDay(ranges: readonly TimeRange[]): boolean {
  if (ranges.length > MAX_RANGES_PER_DAY) return false;
  let previousClose = -1;
  for (const range of ranges) {
    const opens = minutesOf(range.opens, false);
    const closes = minutesOf(range.closes, true);
    if (opens === null || closes === null || opens >= closes || opens < previousClose) return false;
    previousClose = closes;
  }
  return true;
}

/** "09:00-12:00, 14:00-19:00" → its ranges (what the dashboard's form types); null when the text is no list of ranges. */
export function parseDayHours(text: string): TimeRange[] | null {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  const ranges: TimeRange[] = [];
  for (const part of trimmed.split(/[,;]/)) {
    const match = /^\s*(\d{1,2}[:h.]\d{2})\s*[-–—]\s*(\d{1,2}[:h.]\d{2})\s*$/i.exec(part);
    if (!match) return null;
    const time = (value: string) => value.replace(/[h.]/i, ':');
    ranges.push({ opens: time(match[1] ?? ''), closes: time(match[2] ?? '') });
  }
  return ranges;
}

/** The day's ranges as the form shows them: "09:00-12:00, 14:00-19:00" ("" when closed). */
export function formatDayHours(ranges: readonly TimeRange[] | undefined): string {
  return (ranges ?? []).map((range) => `${range.opens}-${range.closes}`).join(', ');
}

/** Whether two values of the hours are the same (null and undefined alike). */
export function sameOpeningHours(a: OpeningHours | null | undefined, b: OpeningHours | null | undefined): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}
