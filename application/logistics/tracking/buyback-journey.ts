import { itemIdOf } from '../../../domain/warehouse/buyback-item-sync.js';
import type { Money } from '../../../domain/shared/money.js';
import type { DeliveryStatus } from '../../../domain/values/delivery-status.js';
import { BUYBACK_HISTORY_COLLECTION, type BuybackHistoryDocument, type HistoryEntry } from '../../buybacks/history-read-model.js';
import { BUYBACKS_COLLECTION, type BuybackDocument, type CustomerData } from '../../buybacks/read-models.js';
import { customerLocaleOf } from '../../buybacks/commands/customer-locale.js';
import { assertTrackingToken } from '../../buybacks/tracking-token.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Clock } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { LinkSecrets } from '../../ports/link-secrets.js';
import { isForgotten } from '../../ports/personal-data.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument } from '../../warehouse/read-models.js';
import { JOURNEY_MAX_STEPS, type BuybackJourneyView, type JourneyStepKind, type JourneyStepView } from './journey-views.js';

export interface JourneyDeps {
  documents: DocumentStore;
  linkSecrets: LinkSecrets;
  clock: Clock;
}

/**
 * A buyback's journey for whoever holds its tracking token (signed for it,
 * not expired: TRACKING_LINK_INVALID 404, TRACKING_LINK_EXPIRED 410): its
 * history's events (its own and its payment's) told as the customer's
 * steps, and its device's return from the item. Three documents read by id.
 */
export async function buybackJourney(deps: JourneyDeps, buybackId: string, token: string): Promise<BuybackJourneyView> {
  assertTrackingToken(deps.linkSecrets, buybackId, token, deps.clock.now());
  const [buyback, history, item] = await Promise.all([
    deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION).get(buybackId),
    deps.documents.collection<BuybackHistoryDocument>(BUYBACK_HISTORY_COLLECTION).get(buybackId),
    deps.documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items).get(itemIdOf(buybackId)),
  ]);
  // A signed token of a buyback not (or no longer) read: the same answer as a wrong one.
  if (!buyback) throw new ApplicationError('TRACKING_LINK_INVALID', { buybackId });
  const steps = journeySteps(history?.entries ?? [], buyback);
  if (item?.returned) steps.push(step('returned', item.returned.at));
  steps.sort((a, b) => a.at.localeCompare(b.at));
  return {
    buybackId,
    identificationNumber: buyback.identificationNumber,
    firstName: isForgotten(buyback.customer) ? null : (buyback.customer as CustomerData).firstName,
    productLabel: buyback.product.label,
    locale: await customerLocaleOf(deps.documents, buyback),
    status: buyback.status,
    deposit: buyback.circuit.deposit,
    declaredPrice: buyback.declaredPrice,
    tracking: buyback.tracking ? { carrier: buyback.tracking.carrier ?? null, number: buyback.tracking.number, link: buyback.tracking.link } : null,
    // The newest steps when a buyback somehow outlived the bound (a flood of carrier reports): the journey's end matters most.
    steps: steps.slice(-JOURNEY_MAX_STEPS),
    proposalToAnswer: buyback.statePath === 'bb_in_processing.awaiting_customer_decision',
  };
}

function step(kind: JourneyStepKind, at: string, extra: Partial<Pick<JourneyStepView, 'deliveryStatus' | 'price'>> = {}): JourneyStepView {
  return { step: kind, at, deliveryStatus: extra.deliveryStatus ?? null, price: extra.price ?? null };
}

const changed = <T>(entry: HistoryEntry, field: string): T | null => (entry.changes[field]?.to as T | undefined) ?? null;

/** The history's entries a customer is told of (packing in a store's parcel and staff corrections are not), in order. */
export function journeySteps(entries: readonly HistoryEntry[], buyback: Pick<BuybackDocument, 'payment'>): JourneyStepView[] {
  const steps: JourneyStepView[] = [];
  let paid = false;
  for (const entry of entries) {
    const at = entry.at;
    switch (entry.type) {
      case 'BuybackRegistered':
        steps.push(step('registered', at));
        break;
      case 'BuybackFinalizedInStore':
        steps.push(step('dropped_in_store', at));
        break;
      case 'BuybackShipmentTracked':
        steps.push(step('label_ready', at));
        break;
      case 'BuybackShipped':
        steps.push(step('shipped', at));
        break;
      case 'BuybackDeliveryStatusChanged':
        steps.push(step('carrier_report', at, { deliveryStatus: changed<DeliveryStatus>(entry, 'deliveryStatus') }));
        break;
      case 'BuybackCheckedIn':
      case 'BuybackReceivedFromStore':
        steps.push(step('received', at));
        break;
      case 'BuybackPutOnHold':
        // Why it is held (a dispute, a suspicion) is the warehouse's: the customer is told only that the check takes longer.
        steps.push(step('on_hold', at));
        break;
      case 'BuybackCompletedByPrice':
      case 'BuybackCompletedWithAbsorption':
      case 'BuybackCompleted':
      case 'BuybackCompletedAfterLoss':
        steps.push(step('checked', at, { price: changed<Money>(entry, 'validatedPrice') }));
        break;
      case 'BuybackNewPriceProposed':
        steps.push(step('price_proposed', at, { price: changed<Money>(entry, 'proposedPrice') }));
        break;
      case 'BuybackNewPriceAccepted':
        steps.push(step('proposal_accepted', at, { price: changed<Money>(entry, 'validatedPrice') }));
        break;
      case 'BuybackNewPriceRejected':
        steps.push(step('proposal_rejected', at));
        break;
      case 'BuybackCancelled':
        steps.push(step('cancelled', at));
        break;
      default:
        // The payment's steps: told once, when the money reached the customer.
        if (!paid && changed<string>(entry, 'paymentStatus') === 'payment_completed') {
          paid = true;
          steps.push(step('paid', at, { price: buyback.payment?.amount ?? null }));
        }
    }
  }
  return steps;
}
