import { LOCALES, type Locale } from '../../domain/organizations/events.js';
import { registeredPrice } from '../../domain/catalog/pricing/customer-price.js';
import { effectiveTransferOrderText, renderTransferOrderText, type TransferOrderValues } from '../../domain/payments/transfer-order.js';
import type { Money } from '../../domain/shared/money.js';
import { documentsTokenRefusal, documentsTokenVerdict } from '../buybacks/documents-token.js';
import { BUYBACKS_COLLECTION, type BuybackDocument, type CustomerData } from '../buybacks/read-models.js';
import { CATALOG_COLLECTIONS, type CircuitDocument } from '../catalog/read-models.js';
import { ApplicationError } from '../commands/errors.js';
import { singleBuybackVisibility, type Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../organizations/read-models.js';
import type { Clock } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { LinkSecrets } from '../ports/link-secrets.js';
import { isForgotten } from '../ports/personal-data.js';
import { PAYMENT_COLLECTIONS, type PaymentDocument } from './read-models.js';
import { paymentIdOf } from './streams.js';
import { accountWithFeature, transferOrderDocument } from './transfer-order-settings.js';
import { BUYBACK_DOCUMENT_KINDS } from './documents-listing-views.js';

/**
 * A buyback's printable documents (specification 001): what each prints,
 * gathered from the read models in the customer's language; the PDFs are
 * drawn from these by infrastructure/payments/documents/. Nothing here is
 * stored: each download reads the current facts.
 */
export { BUYBACK_DOCUMENT_KINDS };
export type BuybackDocumentKind = (typeof BUYBACK_DOCUMENT_KINDS)[number];

/** The copies of the transfer order a circuit prints when it names none (specification 001: `transferOrderNumberOfCopy`, value not shown). */
export const DEFAULT_TRANSFER_ORDER_COPIES = 1;
/** More is a typing mistake, not a need: a customer signs a handful of copies at most. */
export const MAX_TRANSFER_ORDER_COPIES = 5;
/** The language of a buyback registered before the customer's was kept. */
export const FALLBACK_DOCUMENT_LOCALE: Locale = 'fr-FR';

export interface DocumentAddress {
  name: string;
  lines: string[];
}

/** What every document prints about its buyback. */
export interface BuybackDocumentFacts {
  locale: Locale;
  buybackId: string;
  identificationNumber: string;
  registeredAt: string;
  productLabel: string;
  imei: string | null;
  grade: string;
  /** Null once the customer was forgotten (their documents then name nobody). */
  customer: { firstName: string; lastName: string; address: string[] } | null;
  /** When the document is made (UTC ISO-8601): printed, and the PDF's creation date. */
  printedAt: string;
}

export interface TransferOrderContent extends BuybackDocumentFacts {
  text: string;
  copies: number;
  buyer: DocumentAddress;
  price: Money;
  paymentLabel: string;
  /** The retailer's general settings (issue 23): the buyback's code as a barcode on each copy (barCodeEnabled), and a price tag to stick on the device (tagPriceEnabled). */
  barcode: boolean;
  tagPrice: boolean;
}

export interface TrackingSheetContent extends BuybackDocumentFacts {
  warehouse: DocumentAddress;
  circuitName: string;
  brand: string;
}

export interface VoucherContent extends BuybackDocumentFacts {
  type: 'voucher' | 'gift_card';
  code: string;
  amount: Money;
  issuedAt: string;
}

export interface BuybackDocumentsDeps {
  documents: DocumentStore;
  linkSecrets: LinkSecrets;
  clock: Clock;
}

/** "1 234,50 €" in the customer's language; narrow no-break spaces become plain no-break ones (what printed fonts have). */
export function formatDocumentMoney(value: Money, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency: value.currency }).format(value.amountInCents / 100).replace(/\u202f/g, '\u00a0');
}

export class BuybackDocuments {
  constructor(private readonly deps: BuybackDocumentsDeps) {}

  /**
   * The buyback, for whoever may download its documents: a staff member
   * through their visibility filter, or whoever holds the documents token
   * signed for it and not expired (the storefront's customer). A token of
   * another buyback or altered: DOCUMENTS_LINK_INVALID; expired:
   * DOCUMENTS_LINK_EXPIRED; neither token nor visibility: BUYBACK_NOT_FOUND.
   */
  async buybackFor(principal: Principal | null, buybackId: string, token: string | undefined): Promise<BuybackDocument> {
    const buybacks = this.deps.documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
    const verdict = token ? documentsTokenVerdict(this.deps.linkSecrets, buybackId, token, this.deps.clock.now()) : null;
    if (verdict === 'valid') {
      const found = await buybacks.get(buybackId);
      if (found) return found;
    } else if (principal?.kind === 'user') {
      const [visible] = await buybacks.find({ $and: [singleBuybackVisibility(principal), { _id: buybackId }] }, { limit: 1 });
      if (visible) return visible;
    }
    if (verdict && verdict !== 'valid') throw documentsTokenRefusal(verdict, buybackId);
    throw new ApplicationError('BUYBACK_NOT_FOUND', { buybackId });
  }

  async transferOrder(buyback: BuybackDocument): Promise<TransferOrderContent> {
    const facts = this.facts(buyback);
    const buyer = await this.organization(buyback.accountId, buyback.buyerId);
    // The transfer order names its buyer: without one there is nobody to hand the device over to (specification 000, buyback errors).
    if (!buyer) throw new ApplicationError('BUYBACK_BUYER_UNREACHABLE', { buybackId: buyback._id, buyerId: buyback.buyerId });
    const [{ account, customAllowed }, settings, payment, circuit] = await Promise.all([
      accountWithFeature(this.deps.documents, buyback.accountId),
      transferOrderDocument(this.deps.documents, buyback.accountId),
      this.payment(buyback._id),
      this.deps.documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).get(buyback.circuit.id),
    ]);
    // What the customer is paid: the payment's amount, else the price registered with its bonuses (the device's alone before they were kept).
    const devicePrice = buyback.validatedPrice ?? buyback.declaredPrice;
    const price = payment?.amount ?? (buyback.pricing ? registeredPrice(devicePrice, buyback.pricing).total : devicePrice);
    const { text } = effectiveTransferOrderText({ customText: settings?.customText ?? null }, customAllowed, facts.locale);
    const values: TransferOrderValues = {
      total_price: formatDocumentMoney(price, facts.locale),
      buyer_address: addressLines(buyer).join(', '),
      buyer_long_name: buyer.corporateName ?? buyer.commonName,
      buyer_name: buyer.commonName,
      buyer_siret: optionalText(buyer.siret),
      buyer_capital: optionalText(buyer.capital),
      customer_firstname: facts.customer?.firstName ?? '',
      customer_lastname: facts.customer?.lastName ?? '',
      payment_type: buyback.paymentMode.label,
      product_label: buyback.product.label,
    };
    return {
      ...facts,
      text: renderTransferOrderText(text, values),
      copies: copiesOf(circuit),
      buyer: { name: values.buyer_long_name, lines: addressLines(buyer) },
      price,
      paymentLabel: buyback.paymentMode.label,
      barcode: (account.settings as { barCodeEnabled?: boolean }).barCodeEnabled === true,
      tagPrice: (account.settings as { tagPriceEnabled?: boolean }).tagPriceEnabled === true,
    };
  }

  async trackingSheet(buyback: BuybackDocument): Promise<TrackingSheetContent> {
    const warehouse = await this.organization(buyback.accountId, buyback.warehouseId);
    return {
      ...this.facts(buyback),
      warehouse: warehouse ? { name: warehouse.commonName, lines: addressLines(warehouse) } : { name: buyback.warehouseId, lines: [] },
      circuitName: buyback.circuit.name,
      brand: buyback.product.brand,
    };
  }

  /**
   * The gift card or voucher: its code is the payment's. A buyback paid
   * otherwise: DOCUMENT_NOT_EXPECTED (404); one whose voucher is not issued
   * yet (no payment, or no code so far): VOUCHER_NOT_ISSUED (409).
   */
  async voucher(buyback: BuybackDocument): Promise<VoucherContent> {
    const payment = await this.payment(buyback._id);
    const type = payment?.type ?? buyback.paymentMode.type;
    if (type !== 'voucher' && type !== 'gift_card') throw new ApplicationError('DOCUMENT_NOT_EXPECTED', { buybackId: buyback._id, kind: 'voucher', paymentType: type });
    if (!payment?.voucherCode || payment.status === 'payment_cancelled') throw new ApplicationError('VOUCHER_NOT_ISSUED', { buybackId: buyback._id });
    return { ...this.facts(buyback), type, code: payment.voucherCode, amount: payment.amount, issuedAt: payment.paidAt ?? payment.statusSince };
  }

  private facts(buyback: BuybackDocument): BuybackDocumentFacts {
    const locale = buyback.customerLocale && (LOCALES as readonly string[]).includes(buyback.customerLocale) ? buyback.customerLocale : FALLBACK_DOCUMENT_LOCALE;
    const customer = isForgotten(buyback.customer) ? null : (buyback.customer as CustomerData);
    return {
      locale,
      buybackId: buyback._id,
      identificationNumber: buyback.identificationNumber,
      registeredAt: buyback.createdAt,
      productLabel: buyback.product.label,
      imei: buyback.imei,
      grade: buyback.grade,
      customer: customer
        ? {
            firstName: customer.firstName,
            lastName: customer.lastName,
            address: [customer.street, ...(customer.streetComplement ? [customer.streetComplement] : []), `${customer.zipCode} ${customer.city}`, customer.country],
          }
        : null,
      printedAt: this.deps.clock.now(),
    };
  }

  /** An organization of the buyback's tenant; another tenant's or a missing one is none. */
  private async organization(accountId: string, organizationId: string): Promise<(OrganizationDocument & { siret?: unknown; capital?: unknown }) | null> {
    const found = await this.deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(organizationId);
    return found && found.accountId === accountId ? found : null;
  }

  private payment(buybackId: string): Promise<PaymentDocument | null> {
    return this.deps.documents.collection<PaymentDocument>(PAYMENT_COLLECTIONS.payments).get(paymentIdOf(buybackId));
  }
}

/** The circuit's `transferOrderNumberOfCopy` when it names a whole number of copies, within 1 to MAX_TRANSFER_ORDER_COPIES; else one. */
export function copiesOf(circuit: CircuitDocument | null): number {
  const asked = circuit?.transferOrderNumberOfCopy;
  if (typeof asked !== 'number' || !Number.isInteger(asked) || asked < 1) return DEFAULT_TRANSFER_ORDER_COPIES;
  return Math.min(asked, MAX_TRANSFER_ORDER_COPIES);
}

function addressLines(organization: OrganizationDocument): string[] {
  const town = [organization.zipCode, organization.city].filter(Boolean).join(' ');
  return [organization.street, town, organization.country].filter((line): line is string => Boolean(line && line.trim()));
}

/** A field the organizations part does not keep yet (SIRET, share capital): printed when an organization carries it, else a dash. */
function optionalText(value: unknown): string {
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return '—';
}
