import { HttpError } from './errors.js';

/** `W/"3"` or `"3"` → 3. A malformed value can never match: 412. */
export function parseIfMatch(header: string | undefined): number | undefined {
  if (!header || header.trim() === '*') return undefined;
  const match = /^(?:W\/)?"(\d{1,15})"$/.exec(header.trim());
  if (!match) throw new HttpError('PRECONDITION_FAILED', { ifMatch: header.slice(0, 64) });
  return Number(match[1]);
}

/** A weak ETag: the aggregate's revision. */
export function etagOf(revision: number): string {
  return `W/"${revision}"`;
}
