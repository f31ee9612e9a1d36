import { formatMoney } from '../../../shared/format/format.js';
import { moneyIn, recordIn, stockChangeIn, textIn, type EventData, type ReplayEvent, type ReplayWording } from './replay-data.js';
import { buybackStateLabel, itemStatusLabel } from './status-labels.js';

/** One fact an event recorded, labelled for the auditor ("Proposed price: 150,00 €"). */
export interface EventFact {
  /** Stable name of the fact (`facts.<key>` is its label). */
  key: string;
  label: string;
  value: string;
}

/** The amounts an event may record, in the order a story reads them. */
const AMOUNTS = ['declaredPrice', 'purchasePrice', 'previousPrice', 'controlledPrice', 'absorbedAmount', 'proposedPrice', 'rejectedPrice', 'validatedPrice'] as const;

/** Free texts people wrote, and why: the reasons and comments an event carries. */
const WRITTEN = ['reason', 'comment', 'sharedComment'] as const;

/** Reasons that are codes (translated), by event type; other reasons are written by a person and shown as written. */
const CODED_REASONS: Partial<Record<ReplayEvent['type'], string>> = {
  BuybackCancelled: 'buybacks:cancelReasons',
  ItemCancelled: 'buybacks:cancelReasons',
  ItemQuarantined: 'api:items.quarantineReasons',
  BuybackPutOnHold: 'api:items.quarantineReasons',
};

/**
 * What changed with an event and why, as facts: the status it led to, the
 * amounts, the stock it left and entered, the payment, the tracking number,
 * what the compliance check found, and the reasons and comments written.
 * No React here: Node tests load it.
 */
export function eventFacts(event: ReplayEvent, words: ReplayWording): EventFact[] {
  const { t, language } = words;
  const data = event.data;
  const check = recordIn(data, 'check');
  const facts: EventFact[] = [];
  const add = (key: string, value: string | null, label = t(`facts.${key}`)) => {
    if (value !== null && value !== '') facts.push({ key, label, value });
  };

  add('statusAfter', event.stream === 'buyback' ? buybackStateLabel(event.statusAfter, t) : itemStatusLabel(event.statusAfter, null, t));
  for (const key of AMOUNTS) {
    const amount = moneyIn(data, key) ?? (key === 'controlledPrice' || key === 'declaredPrice' ? moneyIn(check, key) : null);
    if (amount) add(key, formatMoney(amount, language));
  }
  const stock = stockChangeIn(data);
  if (stock && stock.from !== stock.to) add('stock', `${words.stockName(stock.from)} → ${words.stockName(stock.to)}`);
  add('paymentStatus', paymentChange(data, t));
  add('trackingNumber', textIn(data, 'trackingNumber'));
  if (typeof data.place === 'string') add('place', t(`api:items.lostPlaces.${data.place}`, { defaultValue: data.place }));
  if (check) addCheck(check, textIn(data, 'sharedComment') !== null, add, words);
  if (data.forced === true) add('forced', t('facts.yes'));
  if (data.delivered === false) add('mailFailure', textIn(data, 'failure') ?? '—');

  for (const key of WRITTEN) {
    const text = textIn(data, key);
    const coded = key === 'reason' ? CODED_REASONS[event.type] : undefined;
    add(key, text && coded ? t(`${coded}.${text}`, { defaultValue: text }) : text);
  }
  if (!textIn(data, 'comment') && !textIn(data, 'sharedComment') && check) {
    add('comment', textIn(check, 'comment'));
  }
  return facts;
}

function paymentChange(data: EventData, t: ReplayWording['t']): string | null {
  const label = (status: unknown) => (typeof status === 'string' ? t(`buybacks:paymentStatuses.${status}`, { defaultValue: status }) : null);
  const after = label(data.paymentStatus);
  const before = label(data.previousPaymentStatus);
  if (before && after && before !== after) return `${before} → ${after}`;
  return after;
}

/** What the compliance check found: the grade, the product found when another than declared, the IMEI and serial number. */
function addCheck(check: EventData, shared: boolean, add: (key: string, value: string | null) => void, { t, gradeLabel }: ReplayWording): void {
  const grade = textIn(check, 'grade');
  add('grade', grade ? gradeLabel(grade) : null);
  const found = recordIn(check, 'foundProduct');
  const declared = recordIn(check, 'declaredProduct');
  if (found && declared && found.productId !== declared.productId) add('foundProduct', textIn(found, 'label'));
  add('imei', textIn(check, 'imei'));
  add('serialNumber', textIn(check, 'serialNumber'));
  // Whether the customer sees the warehouse's comment (an event that carries the shared comment says it already).
  if (textIn(check, 'comment') && !shared) add('commentShared', check.commentShared === true ? t('facts.yes') : t('facts.no'));
}
