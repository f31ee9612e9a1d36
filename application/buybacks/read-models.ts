import type { Money } from '../../domain/shared/money.js';
import type { BuybackStatus } from '../../domain/buybacks/state.js';
import type {
  BuybackChannel,
  CancelReason,
  DeclarationResponse,
  DepositType,
  PaymentStatus,
  PaymentType,
} from '../../domain/buybacks/events.js';
import type { ForgottenPersonalData } from '../ports/personal-data.js';
import type { Locale } from '../../domain/organizations/events.js';

export const BUYBACKS_COLLECTION = 'buybacks';

/** Where the carrier says the parcel is (domain/values/delivery-status.ts); the logistics part records it on the buyback. */
export { DELIVERY_STATUSES, type DeliveryStatus } from '../../domain/values/delivery-status.js';
import type { DeliveryStatus } from '../../domain/values/delivery-status.js';
import type { BuybackDispatch, BuybackPricing } from '../../domain/buybacks/events.js';

export interface CustomerData {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  street: string;
  streetComplement: string | null;
  city: string;
  zipCode: string;
  country: string;
  iban: string | null;
  /** The issuing authority and delivery date are null when only the customer ID (type, number) was asked (general setting customerIdCollectionEnabled). */
  identity: { type: string; number: string; issuingAuthority: string | null; deliveryDate: string | null } | null;
}

/** What a buyback's read models keep of its payment (the payments part's aggregate). */
export interface BuybackPaymentFields {
  id: string;
  status: PaymentStatus;
  type: PaymentType;
  amount: Money;
  voucherCode: string | null;
  claim: { acceptedPrice: Money; owedAmount: Money; claimedAmount: Money } | null;
}

/** The fields of a buyback's read-model document (BuybackDocument). */
export interface BuybackFields {
  _id: string;
  accountId: string;
  organizationId: string | null;
  identificationNumber: string;
  status: BuybackStatus;
  /** The machine state, sub-state included (`bb_in_processing.awaiting_customer_decision`). */
  statePath: string;
  channel: BuybackChannel;
  storeId: string | null;
  warehouseId: string;
  buyerId: string;
  circuit: { id: string; name: string; deposit: DepositType };
  shippingMethodId: string;
  paymentMode: { id: string; type: PaymentType; label: string };
  /**
   * Its payment's status once it has one (the payment's), else the status its
   * registration gave (awaiting, or a voucher handed over in store).
   */
  paymentStatus: PaymentStatus;
  /** Its payment, once created (missing in documents written before payments: read as null). */
  payment?: BuybackPaymentFields | null;
  /** `payment.id`, a scalar its payment's later events find it by. */
  paymentId?: string | null;
  product: { productId: string; label: string; brand: string; categoryId: string; ean: string | null };
  grade: string;
  responses: DeclarationResponse[];
  imei: string | null;
  declaredPrice: Money;
  /** What the customer was promised beyond the device's price (missing or null before it was kept). */
  pricing?: BuybackPricing | null;
  controlledPrice: Money | null;
  validatedPrice: Money | null;
  absorbedAmount: Money | null;
  proposal: {
    previousPrice: Money;
    proposedPrice: Money;
    reason: string;
    comment: string | null;
    decision: 'pending' | 'accepted' | 'rejected';
    proposedAt: string;
    decidedAt: string | null;
  } | null;
  /** The tracking number and link: given at shipment, or by the carrier's label (with the carrier's name). */
  tracking: { number: string | null; link: string | null; carrier?: string | null } | null;
  /** The store package it is in or left in (missing in documents written before packages). */
  package?: { id: string; number: string } | null;
  /** What chose its warehouse (missing or null before dispatch rules). */
  dispatch?: BuybackDispatch | null;
  /**
   * The carrier's delivery status; null until the logistics part records one
   * (a scalar: the list filters on it). Missing in documents written before
   * it existed: queries read it as null.
   */
  deliveryStatus?: DeliveryStatus | null;
  cancellation: { reason: CancelReason; comment: string; forced: boolean; at: string } | null;
  customerSubjectId: string;
  customer: CustomerData | ForgottenPersonalData;
  /** The language the customer used (their e-mails), null when unknown (buybacks registered before it was kept). */
  customerLocale: Locale | null;
  /** Lower-case "first last", for the customer-name filter; null once forgotten. */
  customerSearch: string | null;
  /** The customer-name filters' keys (customer-name-read-model.ts), null once forgotten; missing in documents written before they existed. */
  customerLastNameKey?: string | null;
  customerFirstLastKey?: string | null;
  customerLastFirstKey?: string | null;
  createdAt: string;
  createdBy: string | null;
  updatedAt: string;
  /** Revision of the buyback stream: the ETag of GET /buybacks/{id}. */
  revision: number;
}

/** One document per buyback, in the `buybacks` collection. */
export interface BuybackDocument extends BuybackFields {
  [key: string]: unknown;
}
