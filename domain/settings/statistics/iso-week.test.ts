import { describe, expect, it } from 'vitest';
import { isoOfMs, instantMs } from './utc-time.js';
import { addWeeks, isIsoWeek, isoWeekOf, lastFullWeek, weekBounds, weekStartMs, weeksBetween, weeksInYear } from './iso-week.js';

describe('ISO weeks in UTC', () => {
  it.each([
    ['2026-11-23T00:00:00.000Z', '2026-W48'], // a Monday at midnight starts its week
    ['2026-11-22T23:59:59.999Z', '2026-W47'], // the Sunday's last millisecond ends the week before
    ['2025-12-29T00:00:00.000Z', '2026-W01'], // the Monday before 1 January belongs to the year of its Thursday
    ['2027-01-03T12:00:00.000Z', '2026-W53'], // 2026 has 53 weeks
    ['2021-01-03T12:00:00.000Z', '2020-W53'],
    ['2024-12-30T08:00:00+02:00', '2025-W01'], // read in UTC: 06:00 on the Monday
    ['2024-12-30T01:00:00+02:00', '2024-W52'], // 23:00 UTC on the Sunday before
  ])('%s is in %s', (at, week) => {
    expect(isoWeekOf(at)).toBe(week);
  });

  it('the last full week of a Monday is the week that just ended, of a Sunday the one before', () => {
    expect(lastFullWeek('2026-11-23T00:00:00Z')).toBe('2026-W47');
    expect(lastFullWeek('2026-11-29T23:59:59Z')).toBe('2026-W47');
    expect(lastFullWeek('2026-11-30T00:00:00Z')).toBe('2026-W48');
  });

  it('a week runs from Monday 00:00 to Sunday 23:59:59.999 UTC', () => {
    expect(weekBounds('2026-W01')).toEqual({ from: '2025-12-29T00:00:00.000Z', to: '2026-01-04T23:59:59.999Z' });
    expect(isoOfMs(weekStartMs('2026-W48'))).toBe('2026-11-23T00:00:00.000Z');
  });

  it('counts and steps across years of 52 and 53 weeks', () => {
    expect(weeksInYear(2026)).toBe(53);
    expect(weeksInYear(2025)).toBe(52);
    expect(addWeeks('2026-W53', 1)).toBe('2027-W01');
    expect(addWeeks('2026-W01', -1)).toBe('2025-W52');
    expect(weeksBetween('2025-W50', '2026-W02')).toBe(4);
  });

  it('knows which texts name a week', () => {
    expect(isIsoWeek('2026-W53')).toBe(true);
    expect(isIsoWeek('2025-W53')).toBe(false);
    expect(isIsoWeek('2026-W00')).toBe(false);
    expect(isIsoWeek('2026-W5')).toBe(false);
    expect(isIsoWeek('2026W05')).toBe(false);
  });
});

describe('UTC instants without the Date global', () => {
  it.each(['2026-11-23T00:00:00.000Z', '2024-02-29T23:59:59.999Z', '1999-12-31T12:34:56.789Z', '2026-01-01T00:00:00.000Z'])('reads and writes %s as Date does', (text) => {
    // The test may use Date: it checks the domain's arithmetic against it.
    // eslint-disable-next-line no-restricted-globals
    expect(instantMs(text)).toBe(Date.parse(text));
    expect(isoOfMs(instantMs(text))).toBe(text);
  });

  it('reads an offset and a second without fraction', () => {
    expect(isoOfMs(instantMs('2024-12-30T01:00:00+02:00'))).toBe('2024-12-29T23:00:00.000Z');
    expect(isoOfMs(instantMs('2026-05-01T10:00Z'))).toBe('2026-05-01T10:00:00.000Z');
    expect(() => instantMs('le 3 mai')).toThrow(RangeError);
  });
});
