import { describe, expect, it } from 'vitest';
import { addInto, addTally, type Tally } from './tally.js';

describe('addInto (a sum built in place)', () => {
  const week: Tally = { created: 2, store: { a: { created: 1 }, b: { created: 1, cancelled: 1 } }, paid: { EUR: { count: 1, amountInCents: 2_500 } } };
  const other: Tally = { created: 1, store: { b: { created: 1 } }, paid: { EUR: { count: 2, amountInCents: 4_000 } } };

  it('gives the sums addTally gives, without changing the tally added', () => {
    const before = JSON.stringify(other);
    expect(addInto(addInto({}, week), other)).toEqual(addTally(week, other));
    expect(JSON.stringify(other)).toBe(before);
  });

  it('shares no level with the tally added: a later sum into the result leaves it as it was', () => {
    const sum = addInto({}, week);
    addInto(sum, other);
    expect(week).toEqual({ created: 2, store: { a: { created: 1 }, b: { created: 1, cancelled: 1 } }, paid: { EUR: { count: 1, amountInCents: 2_500 } } });
  });

  it('takes away, and drops the counters and levels that fall to zero', () => {
    expect(addInto(addInto({}, week), week, -1)).toEqual({});
    expect(addInto({ items: { stocked: 3, sold: 1 } }, { items: { sold: 1 } }, -1)).toEqual({ items: { stocked: 3 } });
  });
});
