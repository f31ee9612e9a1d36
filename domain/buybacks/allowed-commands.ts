import type { BuybackCommandType } from './commands.js';
import type { BuybackEvent } from './events.js';
import { buybackMachine, type BuybackSnapshot } from './machine.js';
import { EMPTY_BUYBACK } from './state.js';
import type { StateValue } from 'xstate';

/** The event each command on an existing buyback records: what the machine is asked about before deciding. */
export const EVENT_OF_COMMAND: Readonly<Record<Exclude<BuybackCommandType, 'RegisterBuyback'>, BuybackEvent['type']>> = {
  FinalizeBuybackInStore: 'BuybackFinalizedInStore',
  ShipBuyback: 'BuybackShipped',
  CheckInBuyback: 'BuybackCheckedIn',
  CompleteBuybackByPrice: 'BuybackCompletedByPrice',
  AbsorbPriceDeviation: 'BuybackCompletedWithAbsorption',
  ProposeNewPrice: 'BuybackNewPriceProposed',
  AcceptNewPrice: 'BuybackNewPriceAccepted',
  RejectNewPrice: 'BuybackNewPriceRejected',
  CompleteBuyback: 'BuybackCompleted',
  CompleteBuybackAfterLoss: 'BuybackCompletedAfterLoss',
  PutBuybackOnHold: 'BuybackPutOnHold',
  LiftBuybackHold: 'BuybackHoldLifted',
  CancelBuyback: 'BuybackCancelled',
  PackBuyback: 'BuybackPacked',
  UnpackBuyback: 'BuybackUnpacked',
  ReceiveBuybackFromStore: 'BuybackReceivedFromStore',
  RecordBuybackShipment: 'BuybackShipmentTracked',
  RecordBuybackDelivery: 'BuybackDeliveryStatusChanged',
};

export type LifecycleCommandType = keyof typeof EVENT_OF_COMMAND;
const LIFECYCLE_COMMANDS = Object.keys(EVENT_OF_COMMAND) as LifecycleCommandType[];

/**
 * The commands the machine accepts in this state (`snapshot.can`), in a
 * stable order. `decide` asks the same question before anything else, so a
 * command listed here is refused only for its input (a price that is not
 * lower, a wrong link secret, a payment that needs `force`), never for the
 * buyback's status.
 */
export function allowedCommands(snapshot: BuybackSnapshot): LifecycleCommandType[] {
  return LIFECYCLE_COMMANDS.filter((command) => snapshot.can({ type: EVENT_OF_COMMAND[command] } as BuybackEvent));
}

const byPath = new Map<string, LifecycleCommandType[]>();

/**
 * The same, from the machine state a read model kept (`bb_in_processing.checking`)
 * and whether it is in a store's package (the machine's guards ask it):
 * lists and details say what can be done without reading the events.
 */
export function allowedCommandsAt(statePath: string, packed = false): LifecycleCommandType[] {
  const key = `${statePath}:${packed}`;
  let allowed = byPath.get(key);
  if (!allowed) {
    const context = packed ? { ...EMPTY_BUYBACK, package: { packageId: '', number: '' } } : EMPTY_BUYBACK;
    const snapshot = buybackMachine.resolveState({ value: fromPath(statePath), context });
    allowed = allowedCommands(snapshot);
    byPath.set(key, allowed);
  }
  return allowed;
}

function fromPath(path: string): StateValue {
  const [head, ...rest] = path.split('.');
  return rest.length === 0 ? (head as string) : { [head as string]: fromPath(rest.join('.')) };
}

