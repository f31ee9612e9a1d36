import { formatMoney } from '../../../shared/format/format.js';
import { moneyIn, recordIn, stockChangeIn, textIn, type EventData, type ReplayEvent, type ReplayEventType, type ReplayWording, type Translate } from './replay-data.js';

/**
 * The replay told as a story: one translated sentence per event, built from
 * its type and its recorded facts ("Nadia Robert (Demo Warehouse Orléans)
 * proposed 150,00 € instead of 200,00 €: screen scratched. The customer was
 * e-mailed."). The texts are `story.events.<Type>` (with an i18next context
 * for a variant: `_tracking`, `_noCheck`…) and `story.extras.<name>` for a
 * sentence added after it. No React here: Node tests load it.
 */

interface Sentence {
  /** The i18next context of the variant (`story.events.<Type>_<context>`). */
  context?: string;
  values?: Record<string, unknown>;
  /** Sentences that follow (`story.extras.<name>`), with the same values. */
  extras?: string[];
}

type Builder = (data: EventData, words: ReplayWording & { money(key: string, from?: EventData | null): string }) => Sentence;

/** A free text closing a clause: its own final full stop dropped, the sentence adds one. */
function clause(text: string | null): string {
  return (text ?? '').replace(/[.\s]+$/u, '');
}

const stockTo = (data: EventData, words: ReplayWording) => words.stockName(stockChangeIn(data)?.to ?? null);

/** The compliance check an item event carries, when the check recorded it (null when it follows its buyback). */
const checkOf = (data: EventData) => recordIn(data, 'check');

/** Every event type of the replay (a buyback's and its item's) and how its sentence is made. */
const SENTENCES: { [T in ReplayEventType]: Builder } = {
  BuybackRegistered: (data, w) => ({
    values: {
      product: textIn(recordIn(data, 'product'), 'label') ?? '—',
      price: w.money('declaredPrice'),
      circuit: textIn(recordIn(data, 'circuit'), 'name') ?? '—',
      payment: textIn(recordIn(data, 'paymentMode'), 'label') ?? '—',
    },
  }),
  BuybackFinalizedInStore: () => ({}),
  BuybackShipped: (data) =>
    data.direct === true ? { context: 'direct' } : textIn(data, 'trackingNumber') ? { context: 'tracking', values: { tracking: textIn(data, 'trackingNumber') } } : {},
  BuybackCheckedIn: () => ({}),
  BuybackCompletedByPrice: (_data, w) => ({ values: { controlled: w.money('controlledPrice'), validated: w.money('validatedPrice') } }),
  BuybackCompletedWithAbsorption: (_data, w) => ({
    values: { controlled: w.money('controlledPrice'), absorbed: w.money('absorbedAmount'), validated: w.money('validatedPrice') },
  }),
  BuybackNewPriceProposed: (data, w) => ({
    values: { proposed: w.money('proposedPrice'), previous: w.money('previousPrice'), reason: clause(textIn(data, 'reason')) },
  }),
  BuybackNewPriceAccepted: (_data, w) => ({ values: { validated: w.money('validatedPrice') } }),
  BuybackNewPriceRejected: (_data, w) => ({ values: { rejected: w.money('rejectedPrice') } }),
  BuybackCompleted: (_data, w) => ({ values: { validated: w.money('validatedPrice') } }),
  BuybackCompletedAfterLoss: (data, w) => ({ values: { place: w.t(`story.places.${String(data.place)}`), validated: w.money('validatedPrice') } }),
  BuybackPutOnHold: (data, w) => ({ values: { reason: w.t(`api:items.quarantineReasons.${String(data.reason)}`, { defaultValue: String(data.reason) }) } }),
  BuybackHoldLifted: () => ({}),
  BuybackPacked: (data) => ({ values: { number: textIn(data, 'packageNumber') ?? '—' } }),
  BuybackUnpacked: () => ({}),
  // Never a shipment: the warehouse confirmed it holds a device its store never shipped (out of its package, if any).
  BuybackReceivedFromStore: (data) => (textIn(data, 'packageNumber') ? { context: 'package', values: { number: textIn(data, 'packageNumber') } } : {}),
  BuybackShipmentTracked: (data) => ({ values: { carrier: textIn(data, 'carrier') ?? '—', tracking: textIn(data, 'trackingNumber') ?? '—' } }),
  BuybackDeliveryStatusChanged: (data, w) => ({ values: { status: w.t(`api:delivery.statuses.${String(data.status)}`, { defaultValue: String(data.status) }) } }),
  BuybackEdited: (data, w) => {
    const declaration = recordIn(data, 'declaration');
    const reason = clause(textIn(data, 'reason'));
    return declaration
      ? { context: 'price', values: { reason, previous: w.money('previousPrice', declaration), price: w.money('declaredPrice', declaration) } }
      : { values: { reason } };
  },
  BuybackCancelled: (data, w) => {
    const reason = String(data.reason);
    const comment = clause(textIn(data, 'comment'));
    const extras = [];
    if (data.forced === true) extras.push('cancelForced');
    if (data.paymentStatus === 'payment_cancelled' && data.previousPaymentStatus !== 'payment_cancelled') extras.push('paymentCancelled');
    return {
      context: comment ? undefined : 'noComment',
      values: { reason: w.t(`buybacks:cancelReasons.${reason}`, { defaultValue: reason }), comment },
      extras,
    };
  },

  ItemCreated: (data, w) => ({
    values: {
      product: textIn(recordIn(data, 'product'), 'label') ?? '—',
      shortCode: textIn(data, 'shortCode') ?? '—',
      price: w.money('purchasePrice'),
      awaiting: w.t(`story.awaiting.${String(data.awaiting)}`),
    },
  }),
  ItemDroppedInStore: () => ({}),
  ItemShipped: (data) =>
    data.implicit === true ? { context: 'implicit' } : textIn(data, 'trackingNumber') ? { context: 'tracking', values: { tracking: textIn(data, 'trackingNumber') } } : {},
  ItemRegisteredInWarehouse: (data, w) => ({ values: { stock: stockTo(data, w) } }),
  ItemReceivedFromStore: (data, w) =>
    textIn(data, 'packageNumber') ? { context: 'package', values: { number: textIn(data, 'packageNumber'), stock: stockTo(data, w) } } : { values: { stock: stockTo(data, w) } },
  ItemCompletedByPrice: (data, w) => ({
    context: checkOf(data) ? undefined : 'noCheck',
    values: { controlled: w.money('controlledPrice', checkOf(data)), validated: w.money('validatedPrice'), stock: stockTo(data, w) },
  }),
  ItemCompletedWithAbsorption: (data, w) => ({
    context: checkOf(data) ? undefined : 'noCheck',
    values: {
      controlled: w.money('controlledPrice', checkOf(data)),
      declared: w.money('declaredPrice', checkOf(data)),
      absorbed: w.money('absorbedAmount'),
      validated: w.money('validatedPrice'),
      stock: stockTo(data, w),
    },
  }),
  ItemCompletedWithoutControl: (data, w) => ({ values: { validated: w.money('validatedPrice'), stock: stockTo(data, w) } }),
  ItemNewPriceProposed: (data, w) => ({
    context: checkOf(data) ? undefined : 'noCheck',
    values: {
      controlled: w.money('controlledPrice', checkOf(data)),
      declared: w.money('declaredPrice', checkOf(data)),
      proposed: w.money('proposedPrice'),
      reason: clause(textIn(data, 'reason')),
    },
  }),
  ItemCompletedWithNegotiation: (data, w) => ({ values: { validated: w.money('validatedPrice'), stock: stockTo(data, w) } }),
  ItemReturnRequested: (data, w) => ({ values: { stock: stockTo(data, w) } }),
  ItemReturned: (data) => (textIn(data, 'trackingNumber') ? { context: 'tracking', values: { tracking: textIn(data, 'trackingNumber') } } : {}),
  ItemCancelled: (data, w) => (stockChangeIn(data)?.to ? { context: 'stock', values: { stock: stockTo(data, w) } } : {}),
  ItemReceivedAfterCancellation: (data, w) => ({ values: { stock: stockTo(data, w) } }),
  ItemQuarantined: (data, w) => ({ values: { reason: w.t(`api:items.quarantineReasons.${String(data.reason)}`, { defaultValue: String(data.reason) }) } }),
  ItemDisputeMailSent: (data) => (data.delivered === false ? { context: 'failed', values: { failure: clause(textIn(data, 'failure')) || '—' } } : {}),
  ItemReleasedFromQuarantine: (data, w) => ({ values: { stock: stockTo(data, w) } }),
  ItemLost: (data, w) => ({ values: { place: w.t(`story.places.${String(data.place)}`) } }),
  ItemMovedToStock: (data, w) => ({
    values: { from: w.stockName(stockChangeIn(data)?.from ?? null), to: stockTo(data, w), reason: clause(textIn(data, 'reason')) },
  }),
  ItemRefurbDiagnosticStarted: () => ({}),
  ItemRefurbStarted: (data, w) => ({ values: { stock: stockTo(data, w) } }),
  ItemRefurbCompleted: (data, w) => ({ values: { stock: stockTo(data, w) } }),
  ItemPurchasePriceCorrected: (_data, w) => ({ values: { previous: w.money('previousPrice'), price: w.money('purchasePrice') } }),
};

/** The event types the story tells, in the order the domain lists them (tests check every one has its sentence in every language). */
export const TOLD_EVENT_TYPES = Object.keys(SENTENCES) as ReplayEventType[];

/**
 * Who acted: a user (named with their organization); else the customer, for
 * a web registration and for the answer to a new price (given through the
 * e-mailed link, whoever recorded it); else the platform (a follow-up without
 * a user, such as the item following the customer's answer).
 */
export function actorKind(event: ReplayEvent): 'user' | 'customer' | 'platform' {
  if (event.type === 'BuybackNewPriceAccepted' || event.type === 'BuybackNewPriceRejected') return event.user ? 'user' : 'customer';
  if (event.user) return 'user';
  return event.type === 'BuybackRegistered' ? 'customer' : 'platform';
}

/** Who acted, as a sentence names them: "Nadia Robert (Demo Warehouse Orléans)", "The customer", "The platform". */
export function actorOf(event: ReplayEvent, t: Translate): string {
  const kind = actorKind(event);
  if (kind !== 'user' || !event.user) return t(`story.who.${kind}`);
  return event.organization ? t('story.who.userAt', { user: event.user.name, organization: event.organization.name }) : event.user.name;
}

/** The event's sentence (and the ones that follow it), in the wording's language. */
export function storyOf(event: ReplayEvent, words: ReplayWording): string {
  const build = SENTENCES[event.type] as Builder | undefined;
  if (!build) return words.t('story.unknown', { type: event.type });
  const money = (key: string, from: EventData | null = event.data) => formatMoney(moneyIn(from, key), words.language);
  const sentence = build(event.data, { ...words, money });
  const values = { who: actorOf(event, words.t), ...sentence.values };
  const main = words.t(`story.events.${event.type}`, { ...values, context: sentence.context });
  return [main, ...(sentence.extras ?? []).map((extra) => words.t(`story.extras.${extra}`, values))].join(' ');
}
