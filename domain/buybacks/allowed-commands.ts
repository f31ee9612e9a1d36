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
  EditBuyback: 'BuybackEdited',
};

export type LifecycleCommandType = keyof typeof EVENT_OF_COMMAND;
const LIFECYCLE_COMMANDS = Object.keys(EVENT_OF_COMMAND) as LifecycleCommandType[];

/**
 * The commands the machine accepts in this state (`snapshot.can`), in a
 * stable order. `decide` asks the same question before anything else, so a
 * command listed here is refused only for its input (a price that is not
 * lower, a wrong link secret, a payment that needs `force`), never for the
 * buyback's status. A device waiting in its store's package is not offered
 * to cancel: it is taken out of the package first (BUYBACK_IN_PACKAGE).
 */
export function allowedCommands(snapshot: BuybackSnapshot): LifecycleCommandType[] {
  const packed = snapshot.context.package !== null && snapshot.matches('bb_awaiting_inventory');
  return LIFECYCLE_COMMANDS.filter((command) => snapshot.can({ type: EVENT_OF_COMMAND[command] } as BuybackEvent) && !(packed && command === 'CancelBuyback'));
}

const byPath = new Map<string, LifecycleCommandType[]>();

/**
 * The same, from the machine state a read model kept (`bb_in_processing.checking`)
 * and whether it waits in its store's package: lists and details say what
 * can be done without reading the events.
 */
export function allowedCommandsAt(statePath: string, packed = false): LifecycleCommandType[] {
  let allowed = byPath.get(statePath);
  if (!allowed) {
    const snapshot = buybackMachine.resolveState({ value: fromPath(statePath), context: EMPTY_BUYBACK });
    allowed = allowedCommands(snapshot);
    byPath.set(statePath, allowed);
  }
  return packed && statePath === 'bb_awaiting_inventory' ? allowed.filter((command) => command !== 'CancelBuyback') : allowed;
}

function fromPath(path: string): StateValue {
  const [head, ...rest] = path.split('.');
  return rest.length === 0 ? (head as string) : { [head as string]: fromPath(rest.join('.')) };
}

