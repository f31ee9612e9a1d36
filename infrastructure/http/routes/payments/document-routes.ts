import { BUYBACK_DOCUMENT_KINDS, type BuybackDocumentKind, type BuybackDocuments } from '../../../../application/payments/buyback-documents.js';
import type { BuybackDocument } from '../../../../application/buybacks/read-models.js';
import { BuybackDocumentsListingView, documentsListing } from '../../../../application/payments/documents-listing.js';
import type { LabelState } from '../../../../application/logistics/logistics-queries.js';
import type { Throttle } from '../../../security/throttle.js';
import { HttpError } from '../../errors.js';
import { saveTransferOrderText, transferOrderSettings, type TransferOrderDeps } from '../../../../application/payments/transfer-order-settings.js';
import { TransferOrderSettingsView } from '../../../../application/payments/transfer-order-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { TRANSFER_ORDER_TEXT_MAX, TRANSFER_ORDER_TEXT_MIN, TRANSFER_ORDER_VARIABLES } from '../../../../domain/payments/transfer-order.js';
import { renderTrackingSheet, renderTransferOrder, renderVoucher } from '../../../payments/documents/buyback-document-pdfs.js';
import { commandContext, commandResult } from '../../command-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Type, uuid } from '../schemas.js';

/** Provider staff name the tenant whose settings they mean; others work on their own. */
const accountQuery = Type.Object({ accountId: Type.Optional(uuid) }, { additionalProperties: false });

/**
 * Longer than any valid text, so that a text of 5001 to this many characters
 * gets the text's own refusal (TRANSFER_ORDER_TEXT_TOO_LONG, at the field)
 * rather than the schema's; past it the body is refused unread.
 */
const TEXT_BODY_MAX = 4 * TRANSFER_ORDER_TEXT_MAX;

const FILE_NAMES: Record<BuybackDocumentKind, string> = {
  'transfer-order': 'transfer-order',
  'tracking-sheet': 'tracking-sheet',
  voucher: 'voucher',
};

export interface DocumentRouteDependencies {
  settings: TransferOrderDeps;
  documents: BuybackDocuments;
  /** The buyback's shipping label: none expected, being made, ready (the logistics part's). */
  shippingLabel: (buyback: BuybackDocument) => Promise<LabelState>;
  /** The documents page's listing per client address (it is public). */
  listingThrottle: Throttle;
}

/** A documents token (`<expiry>.<signature>`, application/buybacks/documents-token.ts). */
const documentsToken = Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_.-]+$' });

/** The transfer order's text (`/settings/transfer-order`) and a buyback's printable documents (`/buybacks/{id}/documents/{kind}`). */
export function documentRoutes({ settings, documents, shippingLabel, listingThrottle }: DocumentRouteDependencies): Route[] {
  const render = async (kind: BuybackDocumentKind, buyback: BuybackDocument): Promise<Buffer> => {
    switch (kind) {
      case 'transfer-order':
        return renderTransferOrder(await documents.transferOrder(buyback));
      case 'tracking-sheet':
        return renderTrackingSheet(await documents.trackingSheet(buyback));
      case 'voucher':
        return renderVoucher(await documents.voucher(buyback));
    }
  };

  return [
    defineRoute({
      method: 'get',
      path: '/settings/transfer-order',
      operationId: 'getTransferOrderSettings',
      summary: `The transfer order’s (bon de cession) text: the retailer’s own (premium feature custom_transfer_order; kept but not printed without it) or null for the default, the default in each language, the variables a text may use (${TRANSFER_ORDER_VARIABLES.join(', ')}) and its bounds (${TRANSFER_ORDER_TEXT_MIN} to ${TRANSFER_ORDER_TEXT_MAX} characters)`,
      tag: 'payment-settings',
      access: { kind: 'authenticated', permission: 'payment_settings.manage' },
      query: accountQuery,
      response: { status: 200, description: 'The settings', schema: TransferOrderSettingsView },
      async handler({ principal, query }) {
        return { body: await transferOrderSettings(settings.documents, principal, query.accountId) };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/settings/transfer-order',
      operationId: 'saveTransferOrderSettings',
      summary: `Saves the transfer order’s text (null: back to the default). A text needs the account’s custom_transfer_order premium feature (the shared PREMIUM_FEATURE_NOT_ENABLED, 403, details.feature custom_transfer_order; it replaced TRANSFER_ORDER_PREMIUM_REQUIRED); going back to the default does not. ${TRANSFER_ORDER_TEXT_MIN} to ${TRANSFER_ORDER_TEXT_MAX} characters (TRANSFER_ORDER_TEXT_TOO_SHORT, _TOO_LONG); variables written {{name}}, only ${TRANSFER_ORDER_VARIABLES.join(', ')} (TRANSFER_ORDER_VARIABLE_UNKNOWN naming it in details.variable; TRANSFER_ORDER_VARIABLE_MALFORMED for stray braces). The same text again writes nothing; the last save wins (the settings stream also carries the debtor account, so its revision is no guard for the text alone)`,
      tag: 'payment-settings',
      access: { kind: 'authenticated', permission: saveTransferOrderText.permission as string },
      query: accountQuery,
      body: Type.Object({ text: Type.Union([Type.String({ maxLength: TEXT_BODY_MAX }), Type.Null()]) }, { additionalProperties: false }),
      response: { status: 200, description: 'Saved', schema: CommandAnswer },
      async handler(context) {
        // Not conditional: the stream's revision also moves with the debtor account's changes, so If-Match is not read.
        return commandResult(
          await saveTransferOrderText.run(settings, commandContext(context), { text: context.body.text, ...(context.query.accountId ? { accountId: context.query.accountId } : {}) }),
        );
      },
    }),
    defineRoute({
      method: 'get',
      path: '/public/buybacks/{id}/documents',
      operationId: 'listBuybackDocuments',
      summary:
        'The documents of the buyback its customer may download with the documents token of its registration or its confirmation e-mail (storefront /buyback-confirmation-docs): the transfer order, the tracking sheet, the shipping label when its circuit needs one, the voucher or gift card when it is paid so; each `ready` or `pending` (a label being made, a voucher not issued). No personal data. `token`: another buyback’s or altered 404 DOCUMENTS_LINK_INVALID, expired 410 DOCUMENTS_LINK_EXPIRED. Throttled per client address (429 RATE_LIMITED)',
      tag: 'buyback-documents',
      access: { kind: 'public' },
      params: Type.Object({ id: uuid }, { additionalProperties: false }),
      query: Type.Object({ token: documentsToken }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'The documents', schema: BuybackDocumentsListingView },
      otherResponses: {
        410: 'The documents token expired (DOCUMENTS_LINK_EXPIRED)',
        429: 'Too many reads from this address (RATE_LIMITED): ask again after Retry-After',
      },
      async handler({ params, query, request }) {
        const wait = await listingThrottle.hit(request.ip ?? 'unknown');
        if (wait !== null) throw new HttpError('RATE_LIMITED', { retryAfterSeconds: wait }, { 'Retry-After': String(wait) });
        const buyback = await documents.buybackFor(null, params.id, query.token);
        return { body: await documentsListing(settings.documents, buyback, await shippingLabel(buyback)) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/buybacks/{id}/documents/{kind}',
      operationId: 'getBuybackDocument',
      summary:
        'A printable document of the buyback as an A4 PDF in its customer’s language: `transfer-order` (bon de cession, in its circuit’s number of copies, the buyback code as a barcode, a signature box; BUYBACK_BUYER_UNREACHABLE when its buyer organization cannot be found), `tracking-sheet` (to put in the parcel: code as a barcode, product, IMEI, destination warehouse) or `voucher` (the gift card or voucher with its code as a barcode; DOCUMENT_NOT_EXPECTED when paid otherwise, VOUCHER_NOT_ISSUED until its code is issued). For staff who may see the buyback (its visibility filter), or with the documents token its registration answered (`token`: another buyback’s or altered 404 DOCUMENTS_LINK_INVALID, expired 410 DOCUMENTS_LINK_EXPIRED)',
      tag: 'buyback-documents',
      access: { kind: 'public', identifies: true },
      params: Type.Object({ id: uuid, kind: StringEnum(BUYBACK_DOCUMENT_KINDS) }, { additionalProperties: false }),
      query: Type.Object({ token: Type.Optional(Type.String({ maxLength: 128 })) }, { additionalProperties: false }),
      personalData: true,
      response: { status: 200, description: 'The document', contentType: 'application/pdf' },
      otherResponses: {
        409: 'The voucher’s code is not issued yet (VOUCHER_NOT_ISSUED)',
        410: 'The documents token expired (DOCUMENTS_LINK_EXPIRED): its owner gets a new one from their cart (GET /carts/{cartId})',
        422: 'The buyback’s buyer cannot be reached: no transfer order can be made (BUYBACK_BUYER_UNREACHABLE)',
      },
      async handler({ params, query, identified }) {
        const buyback = await documents.buybackFor(identified, params.id, query.token);
        const pdf = await render(params.kind, buyback);
        return {
          raw: { contentType: 'application/pdf', data: pdf },
          headers: { 'Content-Disposition': `attachment; filename="${FILE_NAMES[params.kind]}-${buyback.identificationNumber}.pdf"`, 'Cache-Control': 'no-store' },
        };
      },
    }),
  ];
}
