import { describe, expect, it } from 'vitest';
import { decide } from './decide.js';
import type { PaymentEvent } from './events.js';
import { foldPayment, foldPaymentQuickly, paymentStatus } from './machine.js';
import {
  MANUAL,
  STORE_VOUCHER,
  WEB_VOUCHER,
  cancelled,
  claimRecorded,
  complete,
  completed,
  created,
  eur,
  fail,
  failed,
  initiate,
  initiated,
  keptOnCancellation,
  markedAsPaid,
  notNeeded,
  relaunched,
  voucherIssued,
} from './test-support.js';

/** One event of each type, with attempts and references that follow the path (as `decide` would write them). */
function nextEvents(history: readonly PaymentEvent[]): PaymentEvent[] {
  const state = foldPayment(history);
  const attempt = state.context.attempts.at(-1)?.number ?? 1;
  const status = paymentStatus(state);
  return [
    initiated(`E2E-${attempt}`, attempt),
    completed(attempt, attempt === 1 ? null : `REF-${attempt}`),
    markedAsPaid('Paid by cheque', attempt),
    failed('AC04', attempt),
    relaunched(attempt + 1),
    cancelled(status),
    notNeeded(),
    keptOnCancellation(status),
    voucherIssued(),
    claimRecorded(eur(8_000), eur(8_400), eur(2_100)),
  ];
}

/** Every path of the machine up to `depth` events after each kind of creation, each event one the machine allows. */
function paths(depth: number): PaymentEvent[][] {
  const found: PaymentEvent[][] = [];
  let frontier: PaymentEvent[][] = [[created()], [created(MANUAL)], [created(WEB_VOUCHER)], [created(STORE_VOUCHER)]];
  for (let level = 0; level < depth; level++) {
    found.push(...frontier);
    frontier = frontier.flatMap((history) => {
      const state = foldPayment(history);
      return nextEvents(history)
        .filter((event) => state.can(event))
        .map((event) => [...history, event]);
    });
  }
  return found;
}

describe('foldPaymentQuickly', () => {
  const all = paths(6);

  it('walks many paths (the check below is not vacuous)', () => {
    expect(all.length).toBeGreaterThan(100);
    expect(new Set(all.map((history) => paymentStatus(foldPayment(history)))).size).toBeGreaterThanOrEqual(6);
  });

  it('is the machine’s fold on every path: status, context, done, and what it allows next', () => {
    for (const history of all) {
      const slow = foldPayment(history);
      const quick = foldPaymentQuickly(history);
      expect(quick.value).toEqual(slow.value);
      expect(quick.status).toBe(slow.status);
      expect(quick.context).toEqual(slow.context);
      for (const event of nextEvents(history)) expect(quick.can(event)).toBe(slow.can(event));
    }
  });

  it('decides as the machine’s fold does on every path', () => {
    const outcome = (run: () => PaymentEvent[]) => {
      try {
        return run();
      } catch (error) {
        return (error as Error & { code?: string }).code ?? String(error);
      }
    };
    for (const history of all) {
      for (const command of [initiate('E2E-9', 'file-9'), initiate('E2E-1'), complete('REF'), fail('AC01')]) {
        expect(outcome(() => decide(command, foldPaymentQuickly(history)))).toEqual(outcome(() => decide(command, foldPayment(history))));
      }
    }
  });

  it('is the initial snapshot without events', () => {
    expect(foldPaymentQuickly([]).value).toBe(foldPayment([]).value);
    expect(foldPaymentQuickly([]).context).toEqual(foldPayment([]).context);
  });
});
