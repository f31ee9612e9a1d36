import { describe, expect, it } from 'vitest';
import { timeSpent, type TimedAction } from './time-spent.js';

const T0 = 1_767_258_000_000;
const at = (minute: number) => T0 + minute * 60_000;
const a = (type: TimedAction['type'], minute: number): TimedAction => ({ type, atMs: at(minute) });

describe('time spent on a step (start to validate, pauses excluded)', () => {
  it('start then validate: the whole time', () => {
    expect(timeSpent([a('started', 0), a('validated', 30)])).toEqual({ ms: 30 * 60_000, runningSinceMs: null });
  });
  it('a pause is not counted', () => {
    expect(timeSpent([a('started', 0), a('paused', 10), a('resumed', 40), a('validated', 45)])).toEqual({ ms: 15 * 60_000, runningSinceMs: null });
  });
  it('in progress: the closed intervals, and since when it runs', () => {
    expect(timeSpent([a('started', 0), a('paused', 10), a('resumed', 20)])).toEqual({ ms: 10 * 60_000, runningSinceMs: at(20) });
  });
  it('cancelled while paused: the time worked before the pause', () => {
    expect(timeSpent([a('started', 0), a('paused', 5), a('cancelled', 50)])).toEqual({ ms: 5 * 60_000, runningSinceMs: null });
  });
  it('never started: nothing', () => {
    expect(timeSpent([a('cancelled', 3)])).toEqual({ ms: 0, runningSinceMs: null });
  });
});
