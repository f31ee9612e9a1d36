import type { BuybackDocument } from '../buybacks/read-models.js';
import type { LabelState } from '../logistics/logistics-queries.js';
import type { DocumentStore } from '../ports/document-store.js';
import { Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';
import { BUYBACK_DOCUMENT_KINDS } from './buyback-documents.js';
import { PAYMENT_COLLECTIONS, type PaymentDocument } from './read-models.js';
import { paymentIdOf } from './streams.js';

/** What the customer's documents page offers: the printable documents and the shipping label. */
export const LISTED_DOCUMENT_KINDS = [...BUYBACK_DOCUMENT_KINDS, 'shipping-label'] as const;
export type ListedDocumentKind = (typeof LISTED_DOCUMENT_KINDS)[number];

export const BuybackDocumentsListingView = Type.Object(
  {
    buybackId: Uuid,
    identificationNumber: Type.String(),
    productLabel: Type.String(),
    /** The documents this buyback has, in the order to print them: `pending` while its label is made or its voucher's code not issued. */
    documents: Type.Array(
      Type.Object({
        kind: StringEnum(LISTED_DOCUMENT_KINDS),
        state: StringEnum(['ready', 'pending'] as const),
        /** The voucher's kind (a gift card or a voucher); null for the others. */
        voucherType: Nullable(StringEnum(['voucher', 'gift_card'] as const)),
      }),
      { maxItems: LISTED_DOCUMENT_KINDS.length },
    ),
  },
  { title: 'BuybackDocumentsListing' },
);
export type BuybackDocumentsListingView = Static<typeof BuybackDocumentsListingView>;

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
