import { buybackStatus, evolveBuyback, initialBuyback, statePathOf, type BuybackSnapshot } from '../../../domain/buybacks/machine.js';
import type { BuybackEvent } from '../../../domain/buybacks/events.js';
import { COMPLETED_STATUSES } from '../../../domain/buybacks/state.js';
import { evolveItem, initialItem, itemStatus, type ItemSnapshot } from '../../../domain/warehouse/items/machine.js';
import type { ItemEvent } from '../../../domain/warehouse/items/events.js';
import { itemIdOf } from '../../../domain/warehouse/buyback-item-sync.js';
import type { EventStore } from '../../ports/event-store.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { toDomainEvent } from '../../events/codec.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../../organizations/read-models.js';
import { userNames as userNamesOf } from '../../organizations/user-names.js';
import { visibleBuyback } from '../../buybacks/commands/buyback-command.js';
import { BUYBACK_STREAMS } from '../../buybacks/streams.js';
import { WAREHOUSE_STREAMS } from '../streams.js';
import { nativeKindOf } from '../../../domain/warehouse/stocks/native-stocks.js';
import { evolveStocks, NO_STOCKS, type StockEvent } from '../../../domain/warehouse/stocks/stocks.js';
import type { ReplayEventView, ReplayTargetView, ReplayView } from '../warehouse-views.js';
import { itemByCode } from './item-lookup.js';

/** Event fields an auditor never needs and must not see: the customer (sealed), their key's id, a link secret's hash. */
const WITHHELD = new Set(['customer', 'customerSubjectId', 'decisionTokenHash']);

export interface ReplayRequest {
  /** The moment to show (UTC ISO-8601); default now. */
  at?: string;
  /** Or: the first `upTo` events (a step forward or back). */
  upTo?: number;
}

/**
 * What the platform knew of a buyback and its item at a moment, and every
 * event that led there: the buyback's and the item's streams merged in the
 * order they were written, folded up to the moment with the same machines
 * that decide (never from a read model). Who is named from the users, the
 * organizations from theirs; personal data is withheld.
 */
export async function replayBuyback(
  deps: { eventStore: EventStore; documents: DocumentStore },
  principal: Principal,
  buybackId: string,
  request: ReplayRequest,
  now: string,
): Promise<ReplayView> {
  const buyback = await visibleBuyback(deps, principal, buybackId);
  const [buybackEvents, itemEvents] = await Promise.all([
    deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(buybackId)),
    deps.eventStore.readStream(WAREHOUSE_STREAMS.item.name(itemIdOf(buybackId))),
  ]);
  const events = [...buybackEvents, ...itemEvents].sort((a, b) => a.globalPosition - b.globalPosition);
  if (events.length === 0) throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });

  const applied = request.upTo !== undefined ? Math.min(request.upTo, events.length) : events.filter((e) => e.metadata.occurredAt <= (request.at ?? now)).length;
  const at = request.upTo !== undefined ? (events[applied - 1]?.metadata.occurredAt ?? events[0]?.metadata.occurredAt ?? now) : (request.at ?? now);

  // One pass through both streams in their written order: each event's status after it, and the state at the moment.
  let buybackNow: BuybackSnapshot = initialBuyback();
  let itemNow: ItemSnapshot = initialItem();
  let buybackState = buybackNow;
  let itemState = itemNow;
  const index = new Map(events.map((event, i) => [event.id, i]));
  const told: Array<Omit<ReplayEventView, 'user' | 'organization'> & { userId: string | null; organizationId: string | null }> = [];
  events.forEach((stored, i) => {
    const isBuyback = BUYBACK_STREAMS.buyback.owns(stored.streamName);
    const event = toDomainEvent<BuybackEvent | ItemEvent>(stored);
    if (isBuyback) buybackNow = evolveBuyback(buybackNow, event as BuybackEvent);
    else itemNow = evolveItem(itemNow, event as ItemEvent);
    if (i < applied) {
      buybackState = buybackNow;
      itemState = itemNow;
    }
    const statusAfter = isBuyback ? statePathOf(buybackNow) : (itemStatus(itemNow) ?? '');
    told.push({
      index: i,
      position: stored.globalPosition,
      stream: isBuyback ? 'buyback' : 'item',
      type: event.type,
      at: stored.metadata.occurredAt,
      userId: stored.metadata.userId,
      organizationId: stored.metadata.organizationId,
      causedBy: stored.metadata.causationId ? (index.get(stored.metadata.causationId) ?? null) : null,
      data: withheld(event.data as Record<string, unknown>),
      statusAfter,
      applied: i < applied,
    });
  });

  const [userNames, organizations, stock] = await Promise.all([
    userNamesOf(deps.documents, told.map((e) => e.userId)),
    deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).getMany(unique(told.map((e) => e.organizationId))),
    stockAt(deps.eventStore, itemState.context.warehouseId, itemState.context.stockId, at),
  ]);
  const organizationNames = new Map(organizations.map((o) => [o._id, o.commonName]));

  const b = buybackState.context;
  const status = buybackStatus(buybackState);
  const paymentPending = b.paymentStatus === 'awaiting_payment' || b.paymentStatus === 'payment_created';
  const item = itemState.context;
  return {
    buybackId,
    identificationNumber: buyback.identificationNumber,
    at,
    applied,
    state: {
      buyback: {
        status,
        statePath: status === null ? null : statePathOf(buybackState),
        declaredPrice: b.declaredPrice,
        controlledPrice: b.controlledPrice,
        validatedPrice: b.validatedPrice,
        proposal: b.proposal && {
          previousPrice: b.proposal.previousPrice,
          proposedPrice: b.proposal.proposedPrice,
          reason: b.proposal.reason,
          decision: b.proposal.decision,
        },
        paymentStatus: b.paymentStatus,
        paymentDue: status !== null && COMPLETED_STATUSES.includes(status) && paymentPending ? b.validatedPrice : null,
      },
      item:
        item.itemId === null
          ? null
          : {
              status: itemStatus(itemState),
              completion: item.completion,
              warehouseId: item.warehouseId,
              stock,
              controlledPrice: item.check?.controlledPrice ?? null,
              validatedPrice: item.validatedPrice,
              proposedPrice: item.proposedPrice,
              quarantineReason: item.quarantine?.reason ?? null,
              lostPlace: item.lostPlace,
            },
    },
    events: told.map(({ userId, organizationId, ...event }) => ({
      ...event,
      user: userId ? { id: userId, name: userNames.get(userId) ?? userId } : null,
      organization: organizationId ? { id: organizationId, name: organizationNames.get(organizationId) ?? organizationId } : null,
    })),
  };
}

/**
 * Which buyback's replay a code opens: a 13-digit code, or the 8-character
 * item code the lists show (several items sharing it: ITEM_CODE_AMBIGUOUS
 * lists them, each with its buyback, so the auditor picks one).
 */
export async function replayTargetByCode(documents: DocumentStore, principal: Principal, code: string): Promise<ReplayTargetView> {
  const item = await itemByCode(documents, principal, code);
  return { buybackId: item.buybackId, itemId: item._id, identificationNumber: item.identificationNumber, shortCode: item.shortCode, product: item.product.label };
}

/**
 * The item's stock as it was at the moment: a native stock by its kind, one
 * of the warehouse's own by the name its stream gave it then (renamed since,
 * it keeps its old name here).
 */
async function stockAt(eventStore: EventStore, warehouseId: string | null, stockId: string | null, at: string) {
  if (!warehouseId || !stockId) return null;
  const kind = nativeKindOf(warehouseId, stockId);
  if (kind) return { id: stockId, name: null, kind };
  const history = await eventStore.readStream(WAREHOUSE_STREAMS.warehouseStocks.name(warehouseId));
  const stocks = history
    .filter((stored) => stored.metadata.occurredAt <= at)
    .reduce((state, stored) => evolveStocks(state, toDomainEvent<StockEvent>(stored)), NO_STOCKS);
  return { id: stockId, name: stocks.stocks.get(stockId)?.name ?? null, kind: null };
}

function withheld(data: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(data).filter(([key]) => !WITHHELD.has(key)));
}

function unique(ids: ReadonlyArray<string | null>): string[] {
  return [...new Set(ids.filter((id): id is string => id !== null))];
}
