import type { BuybackDocument } from '../buybacks/read-models.js';
import type { LabelState } from '../logistics/logistics-queries.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { BuybackDocumentsListingView } from './documents-listing-views.js';
import { PAYMENT_COLLECTIONS, type PaymentDocument } from './read-models.js';
import { paymentIdOf } from './streams.js';

export { BuybackDocumentsListingView } from './documents-listing-views.js';

/**
 * The documents a buyback has, for its documents page: the transfer order
 * and the tracking sheet always; the shipping label when its circuit needs
 * one (from the logistics part's label state); the voucher or gift card
 * when it is paid so. No personal data: what each holds is in its PDF.
 */
export async function documentsListing(documents: DocumentStore, buyback: BuybackDocument, label: LabelState): Promise<BuybackDocumentsListingView> {
  const payment = await documents.collection<PaymentDocument>(PAYMENT_COLLECTIONS.payments).get(paymentIdOf(buyback._id));
  const type = payment?.type ?? buyback.paymentMode.type;
  const listed: BuybackDocumentsListingView['documents'] = [
    { kind: 'transfer-order', state: 'ready', voucherType: null },
    { kind: 'tracking-sheet', state: 'ready', voucherType: null },
  ];
  if (label.state !== 'none') listed.push({ kind: 'shipping-label', state: label.state === 'ready' ? 'ready' : 'pending', voucherType: null });
  if (type === 'voucher' || type === 'gift_card') {
    const issued = Boolean(payment?.voucherCode) && payment?.status !== 'payment_cancelled';
    listed.push({ kind: 'voucher', state: issued ? 'ready' : 'pending', voucherType: type });
  }
  return { buybackId: buyback._id, identificationNumber: buyback.identificationNumber, productLabel: buyback.product.label, documents: listed };
}
