import { describe, expect, it } from 'vitest';
import { foldBuyback, statePathAfter, statePathOf } from './machine.js';
import type { BuybackEvent } from './events.js';
import {
  cancelled,
  checkedIn,
  completed,
  completedByPrice,
  completedWithAbsorption,
  finalizedInStore,
  newPriceAccepted,
  newPriceProposed,
  newPriceRejected,
  predeclaredForDrop,
  registered,
  shipped,
} from './test-support.js';

const histories: Record<string, BuybackEvent[]> = {
  'store buyback completed by price': [registered({ channel: 'store' }), shipped(), checkedIn(), completedByPrice()],
  'web post buyback with absorption': [registered({ channel: 'web', deposit: 'post' }), shipped(), checkedIn(), completedWithAbsorption()],
  'pre-declared buyback accepted a new price': [predeclaredForDrop(), finalizedInStore(), shipped(), checkedIn(), newPriceProposed(), newPriceAccepted()],
  'buyback whose new price was rejected': [registered(), shipped(), checkedIn(), newPriceProposed(), newPriceRejected()],
  'buyback completed without control': [registered(), shipped(), checkedIn(), completed()],
  'pre-declared buyback cancelled': [predeclaredForDrop(), cancelled()],
  'buyback cancelled while awaiting a decision': [registered(), shipped(), checkedIn(), newPriceProposed(), cancelled()],
};

describe('statePathAfter (what read models ask the machine)', () => {
  it.each(Object.entries(histories))('agrees with folding the events through the machine for a %s, asked twice', (_title, events) => {
    for (let round = 0; round < 2; round++) {
      let path: string | null = null;
      events.forEach((event, index) => {
        path = statePathAfter(path, event);
        expect(path).toBe(statePathOf(foldBuyback(events.slice(0, index + 1))));
      });
    }
  });

  it('tells a web drop apart from a web post although both are registrations in the same state', () => {
    expect(statePathAfter(null, registered({ channel: 'web', deposit: 'drop' }))).toBe('bb_awaiting_store_drop');
    expect(statePathAfter(null, registered({ channel: 'web', deposit: 'post' }))).toBe('bb_awaiting_inventory');
    expect(statePathAfter(null, registered({ channel: 'store', deposit: 'drop' }))).toBe('bb_awaiting_inventory');
  });
});
