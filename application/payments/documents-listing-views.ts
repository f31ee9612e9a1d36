import { Nullable, StringEnum, Type, Uuid, type Static } from '../views/schema.js';

/** The printable documents of a buyback (payments/buyback-documents.ts makes them), as the storefront may name them. */
export const BUYBACK_DOCUMENT_KINDS = ['transfer-order', 'tracking-sheet', 'voucher'] as const;

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
