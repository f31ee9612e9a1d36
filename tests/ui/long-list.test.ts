import { describe, expect, it } from 'vitest';
import { LONG_LIST_LIMIT, truncated } from '../../ui/dashboard/lib/long-list.js';

/** Long lists truncated after 30 items (specification 002 §9): the shared rule of the dashboard's long lists of choices. */

const items = Array.from({ length: 45 }, (_, i) => i);

describe('Given a list of 45 choices', () => {
  it('when shown, then its first 30 are, and 15 are said hidden', () => {
    const { shown, more } = truncated(items);
    expect(LONG_LIST_LIMIT).toBe(30);
    expect(shown).toEqual(items.slice(0, 30));
    expect(more).toBe(15);
  });

  it('when the 40th is ticked, then it is shown in its place after the first 30, and 14 are hidden', () => {
    const { shown, more } = truncated(items, { kept: (item) => item === 39 });
    expect(shown).toEqual([...items.slice(0, 30), 39]);
    expect(more).toBe(14);
  });

  it('when all are asked for, then all are shown and none hidden', () => {
    expect(truncated(items, { expanded: true })).toEqual({ shown: items, more: 0 });
  });
});

describe('Given a list of 30 choices or fewer', () => {
  it('then all are shown, nothing hidden', () => {
    expect(truncated(items.slice(0, 30))).toEqual({ shown: items.slice(0, 30), more: 0 });
    expect(truncated([])).toEqual({ shown: [], more: 0 });
  });
});
