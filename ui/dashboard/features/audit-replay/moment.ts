/**
 * The moment a replay shows, as its address keeps it (so that it can be
 * shared): `?upTo=n` (the first n events, a step forward or back),
 * `?at=<UTC ISO-8601>` (a chosen moment), or nothing (now). No React here:
 * Node tests load it.
 */
export type Moment = { kind: 'upTo'; upTo: number } | { kind: 'at'; at: string } | { kind: 'now' };

/** The API's bound on `upTo`. */
const MAX_UP_TO = 100_000;

export function momentFromSearch(search: URLSearchParams): Moment {
  const upTo = search.get('upTo');
  if (upTo !== null && /^\d{1,6}$/.test(upTo) && Number(upTo) >= 1 && Number(upTo) <= MAX_UP_TO) return { kind: 'upTo', upTo: Number(upTo) };
  const at = search.get('at');
  if (at !== null && at.length <= 40 && /^\d{4}-\d{2}-\d{2}T/.test(at) && !Number.isNaN(Date.parse(at))) return { kind: 'at', at: new Date(at).toISOString() };
  return { kind: 'now' };
}

/** The address's query for a moment ('' for now). */
export function searchOfMoment(moment: Moment): string {
  if (moment.kind === 'upTo') return `?upTo=${moment.upTo}`;
  if (moment.kind === 'at') return `?at=${encodeURIComponent(moment.at)}`;
  return '';
}

/** The query of GET /buybacks/{id}/replay for a moment (also its cache key's part). */
export function replayQuery(moment: Moment): { upTo?: number; at?: string } {
  if (moment.kind === 'upTo') return { upTo: moment.upTo };
  if (moment.kind === 'at') return { at: moment.at };
  return {};
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A UTC instant as a date-time field shows it, in the viewer's time zone, to the second (yyyy-mm-ddThh:mm:ss). */
export function localInputValue(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * What the auditor picked in the date-time field (the viewer's time zone, to
 * the second or the minute), as the UTC instant to replay: the end of that
 * second, so that the events shown at that time (to the second) are in it.
 * Null when the field holds no valid date-time.
 */
export function momentFromLocalInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!match) return null;
  const [year, month, day, hours, minutes, seconds] = match.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number];
  const local = new Date(year, month - 1, day, hours, minutes, seconds, 999);
  if (local.getMonth() !== month - 1 || local.getDate() !== day || Number.isNaN(local.getTime())) return null;
  return local.toISOString();
}

/** An instant to the second, in the viewer's time zone: an auditor compares events a few seconds apart. */
export function formatInstant(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(iso));
}
