import type { Currency, Money } from '../../shared/money.js';
import type { ItemRefurbStepEvent, ItemRefurbStepStatus } from '../events.js';

/**
 * An item's economic data (issue 22, specification 001 §3 "Item"): what was
 * paid for it, what refurbishing it is planned to cost and has cost so far,
 * the time each step took, and the margin left against its target resale
 * price. Pure: the times come from the events' metadata, passed in (as
 * UTC ISO-8601 and epoch milliseconds: the domain reads no clock, parses no date).
 */

/** A moment as an event's metadata gives it: its ISO-8601 text and its epoch milliseconds. */
export interface Moment {
  iso: string;
  ms: number;
}

/** One planned step as the economics follow it: its cost as planned, its status, and its working time (pauses excluded). */
export interface StepLedgerEntry {
  itemRefurbStepId: string;
  name: string;
  sequence: number;
  /** The cost planned with the step (a later change of its definition never rewrites it). */
  costInCents: number;
  status: ItemRefurbStepStatus;
  /** When its current working run began (started or resumed), in epoch milliseconds; null while not in progress. */
  runningSince: number | null;
  /** Working time of its finished runs, in whole seconds. */
  spentSeconds: number;
  /** When it was validated (its time stops there), null until then. */
  completedAt: string | null;
}

/** The item's steps in their order (a step's planning delivered twice changes nothing). */
export type StepLedger = readonly StepLedgerEntry[];

/** The price paid for the device: the price validated after its check (or negotiation), else the purchase price declared. */
export function paidPriceOf(purchasePrice: Money, validatedPrice: Money | null): Money {
  return validatedPrice ?? purchasePrice;
}

function secondsBetween(fromMs: number, toMs: number): number {
  return Math.max(0, Math.floor((toMs - fromMs) / 1_000));
}

/** The ledger after one of the item's step events, which happened at `at` (the event's metadata time). */
export function recordStepEvent(ledger: StepLedger, event: ItemRefurbStepEvent, at: Moment): StepLedger {
  if (event.type === 'ItemRefurbStepPlanned') {
    if (ledger.some((s) => s.itemRefurbStepId === event.data.itemRefurbStepId)) return ledger;
    const entry: StepLedgerEntry = {
      itemRefurbStepId: event.data.itemRefurbStepId,
      name: event.data.name,
      sequence: event.data.sequence,
      costInCents: event.data.cost.amountInCents,
      status: 'to_do',
      runningSince: null,
      spentSeconds: 0,
      completedAt: null,
    };
    return [...ledger, entry].sort((a, b) => a.sequence - b.sequence);
  }
  return ledger.map((step) => (step.itemRefurbStepId === event.data.itemRefurbStepId ? afterAction(step, event, at) : step));
}

/** A run stops (pause, cancel, validate): its time is added. */
function stopped(step: StepLedgerEntry, at: Moment): Pick<StepLedgerEntry, 'runningSince' | 'spentSeconds'> {
  return { runningSince: null, spentSeconds: step.spentSeconds + (step.runningSince ? secondsBetween(step.runningSince, at.ms) : 0) };
}

function afterAction(step: StepLedgerEntry, event: Exclude<ItemRefurbStepEvent, { type: 'ItemRefurbStepPlanned' }>, at: Moment): StepLedgerEntry {
  switch (event.type) {
    case 'ItemRefurbStepStarted':
    case 'ItemRefurbStepResumed':
      return { ...step, status: 'in_progress', runningSince: step.runningSince ?? at.ms };
    case 'ItemRefurbStepPaused':
      return { ...step, status: 'paused', ...stopped(step, at) };
    case 'ItemRefurbStepCancelled':
      return { ...step, status: 'cancelled', ...stopped(step, at) };
    case 'ItemRefurbStepValidated':
      return { ...step, status: 'completed', completedAt: at.iso, ...stopped(step, at) };
    default: {
      const unknown: never = event;
      throw new Error(`Unhandled event ${JSON.stringify(unknown)}`);
    }
  }
}

export interface ItemEconomics {
  paidPrice: Money;
  /** Sum of the planned steps' costs, cancelled ones excluded; null when no step was planned. */
  plannedRefurbCost: Money | null;
  /** Sum of the validated steps' costs; null when no step was planned. */
  completedRefurbCost: Money | null;
  targetResalePrice: Money | null;
  /** Target resale price less the paid price and the planned cost (negative: a loss); null without a target. */
  margin: Money | null;
  /** Each step's working time, pauses excluded; a step in progress counts up to `now`. */
  steps: Array<{ itemRefurbStepId: string; name: string; sequence: number; status: ItemRefurbStepStatus; cost: Money; spentSeconds: number; completedAt: string | null }>;
  /** The steps' working time together. */
  totalSpentSeconds: number;
}

/** The economic data of an item from what was paid, its target resale price and its steps' ledger, at `nowMs` (epoch milliseconds). */
export function itemEconomics(input: { paidPrice: Money; targetResalePrice: Money | null; ledger: StepLedger; nowMs: number }): ItemEconomics {
  const { paidPrice, targetResalePrice, ledger, nowMs } = input;
  const currency: Currency = paidPrice.currency;
  const cents = (amountInCents: number): Money => ({ amountInCents, currency });
  const planned = ledger.filter((s) => s.status !== 'cancelled').reduce((sum, s) => sum + s.costInCents, 0);
  const completed = ledger.filter((s) => s.status === 'completed').reduce((sum, s) => sum + s.costInCents, 0);
  const steps = ledger.map((s) => ({
    itemRefurbStepId: s.itemRefurbStepId,
    name: s.name,
    sequence: s.sequence,
    status: s.status,
    cost: cents(s.costInCents),
    spentSeconds: s.spentSeconds + (s.runningSince ? secondsBetween(s.runningSince, nowMs) : 0),
    completedAt: s.completedAt,
  }));
  const target = targetResalePrice && targetResalePrice.currency === currency ? targetResalePrice : null;
  return {
    paidPrice,
    plannedRefurbCost: ledger.length ? cents(planned) : null,
    completedRefurbCost: ledger.length ? cents(completed) : null,
    targetResalePrice,
    margin: target ? cents(target.amountInCents - paidPrice.amountInCents - planned) : null,
    steps,
    totalSpentSeconds: steps.reduce((sum, s) => sum + s.spentSeconds, 0),
  };
}
