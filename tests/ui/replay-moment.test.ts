import { describe, expect, it } from 'vitest';
import { localInputValue, momentFromLocalInput, momentFromSearch, replayQuery, searchOfMoment } from '../../ui/dashboard/features/audit-replay/moment.js';

/**
 * The moment a replay shows is kept in its address (to be shared) and picked
 * in the viewer's time zone (ui/dashboard/features/audit-replay/moment.ts).
 * The tests run in the setup's time zone; the round trips hold in any.
 */
describe('Given the address of a replay', () => {
  it('When it says upTo, at or nothing, then the moment is the first n events, an instant, or now', () => {
    expect(momentFromSearch(new URLSearchParams('upTo=7'))).toEqual({ kind: 'upTo', upTo: 7 });
    expect(momentFromSearch(new URLSearchParams('at=2026-03-02T09:15:42.999Z'))).toEqual({ kind: 'at', at: '2026-03-02T09:15:42.999Z' });
    expect(momentFromSearch(new URLSearchParams(''))).toEqual({ kind: 'now' });
  });

  it('When it says something else, then it shows now rather than an error', () => {
    for (const search of ['upTo=0', 'upTo=-1', 'upTo=abc', 'upTo=1234567', 'at=yesterday', 'at=2026-13-45T00:00:00Z']) {
      expect(momentFromSearch(new URLSearchParams(search)), search).toEqual({ kind: 'now' });
    }
  });

  it('Then a moment written in the address reads back the same, and asks the API the same', () => {
    for (const moment of [{ kind: 'upTo', upTo: 3 }, { kind: 'at', at: '2026-03-02T09:15:42.999Z' }, { kind: 'now' }] as const) {
      expect(momentFromSearch(new URLSearchParams(searchOfMoment(moment)))).toEqual(moment);
    }
    expect(replayQuery({ kind: 'upTo', upTo: 3 })).toEqual({ upTo: 3 });
    expect(replayQuery({ kind: 'now' })).toEqual({});
  });
});

describe('Given a date and time picked in the viewer’s time zone', () => {
  it('Then the replay asks for the end of that second, so the events shown at that second are in it', () => {
    const picked = momentFromLocalInput('2026-03-02T10:15:42') as string;
    expect(new Date(picked).getMilliseconds()).toBe(999);
    expect(localInputValue(picked)).toBe('2026-03-02T10:15:42');
  });

  it('Then a time to the minute is read to the second 00, and a date that does not exist is refused', () => {
    expect(localInputValue(momentFromLocalInput('2026-03-02T10:15') as string)).toBe('2026-03-02T10:15:00');
    expect(momentFromLocalInput('2026-02-30T10:15:00')).toBeNull();
    expect(momentFromLocalInput('')).toBeNull();
  });
});
