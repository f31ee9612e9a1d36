import { describe, expect, it } from 'vitest';
import type { ItemRefurbStepEvent } from '../events.js';
import { itemEconomics, paidPriceOf, recordStepEvent, type StepLedger } from './item-economics.js';
import { resaleTargetDecider } from './resale-target.js';

const eur = (amountInCents: number) => ({ amountInCents, currency: 'EUR' as const });
const item = 'item-1';

function planned(sequence: number, cost: number): ItemRefurbStepEvent {
  return {
    type: 'ItemRefurbStepPlanned',
    data: {
      itemRefurbStepId: `step-${sequence}`,
      stepDefinitionId: `def-${sequence}`,
      name: `Step ${sequence}`,
      description: null,
      stockId: 'stock',
      cost: eur(cost),
      sequence,
      accountId: 'acc',
      itemId: item,
      diagnosisId: 'diag',
      warehouseId: 'wh',
    },
  };
}
const action = (type: Exclude<ItemRefurbStepEvent['type'], 'ItemRefurbStepPlanned'>, sequence: number): ItemRefurbStepEvent =>
  ({ type, data: { itemRefurbStepId: `step-${sequence}`, itemId: item, comment: type === 'ItemRefurbStepCancelled' ? 'not needed' : null } }) as ItemRefurbStepEvent;

/** The ledger after these events, each at its time. */
function ledgerOf(...events: Array<[ItemRefurbStepEvent, string]>): StepLedger {
  return events.reduce<StepLedger>((ledger, [event, at]) => recordStepEvent(ledger, event, { iso: `2026-01-10T${at}Z`, ms: minutesOf(at) * 60_000 }), []);
}

/** A time of the morning of 10 January 2026 as `hh:mm:00.000`, `minutes` after 09:00. */
const T = (minutes: number) => `${String(9 + Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00.000`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const nowAt = (minutes: number) => minutesOf(T(minutes)) * 60_000;

describe('an item’s economic data', () => {
  it.each([
    { case: 'no steps: no refurbishment cost, the margin is the target less the price paid', paid: 10_000, target: 25_000, ledger: ledgerOf(), planned: null, completed: null, margin: 15_000 },
    { case: 'no target resale price: no margin', paid: 10_000, target: null, ledger: ledgerOf([planned(1, 2_500), T(0)]), planned: 2_500, completed: 0, margin: null },
    {
      case: 'planned steps add up to the cent, only validated ones are completed',
      paid: 12_345,
      target: 30_000,
      ledger: ledgerOf([planned(1, 4_999), T(0)], [planned(2, 1_001), T(0)], [action('ItemRefurbStepStarted', 1), T(1)], [action('ItemRefurbStepValidated', 1), T(5)]),
      planned: 6_000,
      completed: 4_999,
      margin: 11_655,
    },
    {
      case: 'a cancelled step is excluded from the planned cost',
      paid: 10_000,
      target: 20_000,
      ledger: ledgerOf([planned(1, 3_000), T(0)], [planned(2, 4_000), T(0)], [action('ItemRefurbStepCancelled', 2), T(3)]),
      planned: 3_000,
      completed: 0,
      margin: 7_000,
    },
    {
      case: 'a negative margin: refurbishing costs more than the resale leaves',
      paid: 18_000,
      target: 20_000,
      ledger: ledgerOf([planned(1, 5_000), T(0)]),
      planned: 5_000,
      completed: 0,
      margin: -3_000,
    },
    {
      case: 'a planning delivered twice counts once',
      paid: 1_000,
      target: 5_000,
      ledger: ledgerOf([planned(1, 700), T(0)], [planned(1, 700), T(0)]),
      planned: 700,
      completed: 0,
      margin: 3_300,
    },
  ])('$case', ({ paid, target, ledger, planned: plannedCost, completed, margin }) => {
    const economics = itemEconomics({ paidPrice: eur(paid), targetResalePrice: target === null ? null : eur(target), ledger, nowMs: nowAt(30) });
    expect(economics.plannedRefurbCost?.amountInCents ?? null).toBe(plannedCost);
    expect(economics.completedRefurbCost?.amountInCents ?? null).toBe(completed);
    expect(economics.margin?.amountInCents ?? null).toBe(margin);
  });

  it('counts a step’s time from start to validation, pauses excluded', () => {
    const ledger = ledgerOf(
      [planned(1, 100), T(0)],
      [action('ItemRefurbStepStarted', 1), T(2)],
      [action('ItemRefurbStepPaused', 1), T(7)],
      [action('ItemRefurbStepResumed', 1), T(20)],
      [action('ItemRefurbStepValidated', 1), T(23)],
    );
    const [step] = itemEconomics({ paidPrice: eur(0), targetResalePrice: null, ledger, nowMs: nowAt(50) }).steps;
    expect(step).toMatchObject({ status: 'completed', spentSeconds: 8 * 60, completedAt: `2026-01-10T${T(23)}Z` });
  });

  it('counts a step in progress up to now, and a paused one up to its pause', () => {
    const ledger = ledgerOf(
      [planned(1, 100), T(0)],
      [planned(2, 100), T(0)],
      [action('ItemRefurbStepStarted', 1), T(10)],
      [action('ItemRefurbStepStarted', 2), T(0)],
      [action('ItemRefurbStepPaused', 2), T(4)],
    );
    const economics = itemEconomics({ paidPrice: eur(0), targetResalePrice: null, ledger, nowMs: nowAt(25) });
    expect(economics.steps.map((s) => [s.status, s.spentSeconds])).toEqual([
      ['in_progress', 15 * 60],
      ['paused', 4 * 60],
    ]);
    expect(economics.totalSpentSeconds).toBe(19 * 60);
  });

  it('keeps the steps in their planned order whatever order they arrive in', () => {
    const ledger = ledgerOf([planned(3, 1), T(0)], [planned(1, 1), T(0)], [planned(2, 1), T(0)]);
    expect(ledger.map((s) => s.sequence)).toEqual([1, 2, 3]);
  });

  it('pays the validated price once the check gave one, else the purchase price', () => {
    expect(paidPriceOf(eur(20_000), eur(17_500))).toEqual(eur(17_500));
    expect(paidPriceOf(eur(20_000), null)).toEqual(eur(20_000));
  });

  it('gives no margin against a target in another currency', () => {
    const economics = itemEconomics({ paidPrice: eur(1_000), targetResalePrice: { amountInCents: 5_000, currency: 'GBP' }, ledger: [], nowMs: 0 });
    expect(economics.margin).toBeNull();
  });
});

describe('an item’s target resale price', () => {
  const set = (amountInCents: number | null) => ({
    type: 'SetResaleTarget' as const,
    data: { itemId: item, accountId: 'acc', targetResalePrice: amountInCents === null ? null : eur(amountInCents) },
  });
  it('given none, setting one records it', () => {
    expect(resaleTargetDecider.decide(set(25_000), resaleTargetDecider.initialState())).toEqual([{ type: 'ItemResaleTargetSet', data: set(25_000).data }]);
  });
  it('given one, setting the same price records nothing, and clearing it records the clearing', () => {
    const state = resaleTargetDecider.evolve(resaleTargetDecider.initialState(), { type: 'ItemResaleTargetSet', data: set(25_000).data });
    expect(resaleTargetDecider.decide(set(25_000), state)).toEqual([]);
    expect(resaleTargetDecider.decide(set(null), state)).toEqual([{ type: 'ItemResaleTargetSet', data: set(null).data }]);
  });
});
