import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dropdownTimeout, MENU_DROPDOWN_TIMEOUT_MS } from '../../ui/dashboard/lib/dropdown-timeout.js';

/** The menu dropdown timeout of specification 000 §9 and 002 §9: 500 ms. */
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('Given an open dropdown menu', () => {
  it('then the pointer leaving it closes it 500 ms later, not before', () => {
    const close = vi.fn();
    const timer = dropdownTimeout(close);
    timer.leave();
    vi.advanceTimersByTime(MENU_DROPDOWN_TIMEOUT_MS - 1);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(close).toHaveBeenCalledTimes(1);
    expect(MENU_DROPDOWN_TIMEOUT_MS).toBe(500);
  });

  it('then the pointer coming back within 500 ms keeps it open, and leaving again starts the wait over', () => {
    const close = vi.fn();
    const timer = dropdownTimeout(close);
    timer.leave();
    vi.advanceTimersByTime(400);
    timer.enter();
    vi.advanceTimersByTime(1_000);
    expect(close).not.toHaveBeenCalled();
    timer.leave();
    vi.advanceTimersByTime(400);
    timer.leave();
    vi.advanceTimersByTime(400);
    expect(close).not.toHaveBeenCalled();
    vi.advanceTimersByTime(100);
    expect(close).toHaveBeenCalledTimes(1);
  });
});
