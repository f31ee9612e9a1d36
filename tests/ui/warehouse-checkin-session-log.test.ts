import { describe, expect, it } from 'vitest';
import { readLog, SESSION_LOG_LIMIT, withCheckedIn, writeLog, type CheckedIn } from '../../ui/dashboard/features/warehouse-checkin/session-log.js';

const entry = (n: number): CheckedIn => ({
  itemId: `item-${n}`,
  identificationNumber: `200000000000${n % 10}`,
  shortCode: `0000000${n % 10}`,
  product: `Product ${n}`,
  stockId: 'stock-to-approve',
  at: new Date(Date.UTC(2026, 0, 1, 8, n)).toISOString(),
});

function memoryStorage() {
  const values = new Map<string, string>();
  return { getItem: (key: string) => values.get(key) ?? null, setItem: (key: string, value: string) => void values.set(key, value), removeItem: (key: string) => void values.delete(key), values };
}

describe('Given the parcels checked in during a session', () => {
  it('Then the latest comes first, a parcel checked in again moves to the top instead of showing twice, and the list keeps a morning’s delivery', () => {
    const log = [1, 2, 3].reduce<CheckedIn[]>((list, n) => withCheckedIn(list, entry(n)), []);
    expect(log.map((e) => e.itemId)).toEqual(['item-3', 'item-2', 'item-1']);
    expect(withCheckedIn(log, entry(1)).map((e) => e.itemId)).toEqual(['item-1', 'item-3', 'item-2']);
    const long = Array.from({ length: SESSION_LOG_LIMIT + 5 }, (_, n) => entry(n)).reduce<CheckedIn[]>((list, e) => withCheckedIn(list, e), []);
    expect(long).toHaveLength(SESSION_LOG_LIMIT);
    expect(long[0]?.itemId).toBe(`item-${SESSION_LOG_LIMIT + 4}`);
  });

  it('When kept in the tab’s storage, then it reads back as written, an emptied list leaves nothing behind, and what cannot be read is an empty list', () => {
    const storage = memoryStorage();
    writeLog(storage, 'log', [entry(2), entry(1)]);
    expect(readLog(storage, 'log')).toEqual([entry(2), entry(1)]);
    writeLog(storage, 'log', []);
    expect(storage.values.has('log')).toBe(false);
    storage.setItem('log', '{not json');
    expect(readLog(storage, 'log')).toEqual([]);
    storage.setItem('log', JSON.stringify([entry(1), { itemId: 3 }, null]));
    expect(readLog(storage, 'log')).toEqual([entry(1)]);
    expect(readLog(null, 'log')).toEqual([]);
  });
});
