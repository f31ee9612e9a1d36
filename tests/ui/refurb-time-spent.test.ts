import { describe, expect, it } from 'vitest';
import { formatDuration, workedMs } from '../../ui/dashboard/features/item-refurb-steps/time-spent.js';

const T0 = Date.parse('2026-11-27T09:00:00.000Z');

describe('Given a refurb step’s time spent on screen', () => {
  it.each([
    [0, '0:00'],
    [12_400, '0:12'],
    [29_999, '0:29'],
    [61_000, '1:01'],
    [59 * 60_000 + 59_999, '59:59'],
    [3_600_000, '1:00:00'],
    [2 * 3_600_000 + 5 * 60_000 + 7_000, '2:05:07'],
  ])('When it is %i ms, then it reads %s (seconds shown, never rounded up)', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });

  it('When the step runs, then the time since its last start or resume is added to the closed runs, and grows with the clock', () => {
    const step = { timeSpentMs: 90_000, runningSince: new Date(T0).toISOString() };
    expect(workedMs(step, T0 + 15_000)).toBe(105_000);
    expect(formatDuration(workedMs(step, T0 + 16_000))).toBe('1:46');
  });

  it('When it is paused (not running), then only the closed runs count, whatever the clock', () => {
    expect(workedMs({ timeSpentMs: 90_000, runningSince: null }, T0 + 3_600_000)).toBe(90_000);
  });

  it('When the screen’s clock is behind the server’s, then the running part is never negative', () => {
    expect(workedMs({ timeSpentMs: 5_000, runningSince: new Date(T0 + 10_000).toISOString() }, T0)).toBe(5_000);
  });
});
