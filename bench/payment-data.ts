/**
 * Payments for the benchmarks and the search's tests: each buyback's
 * payment (bench/buyback-data.ts) as the payments projection holds it at its
 * status, spread over the statuses as a year of payments would be.
 */
import type { BuybackDocument } from '../application/buybacks/read-models.js';
import { amountKeyOf, type PaymentDocument } from '../application/payments/read-models.js';
import { paymentIdOf, PAYMENT_STREAMS } from '../application/payments/streams.js';
import { APPLIED_REVISIONS_FIELD } from '../application/ports/projection.js';
import type { PaymentProvider, PaymentStatus } from '../domain/payments/state.js';
import { pick, weighted } from './support.js';

type Random = () => number;
const DAY_MS = 86_400_000;

/** How a year of payments is spread over the statuses. */
const STATUSES: ReadonlyArray<readonly [PaymentStatus, number]> = [
  ['payment_completed', 78],
  ['payment_created', 8],
  ['payment_initiated', 6],
  ['payment_failed', 3],
  ['payment_cancelled', 3],
  ['payment_not_needed', 2],
];

const PROVIDERS: Readonly<Record<string, PaymentProvider>> = { bank_transfer: 'bank_transfer_file', gift_card: 'gift_card_provider', voucher: 'manual' };

/** The payment of a buyback, as the payments projection holds it at its status. */
export function paymentOf(buyback: BuybackDocument, random: Random): PaymentDocument {
  const status = weighted(random, STATUSES);
  const id = paymentIdOf(buyback._id);
  const createdAt = new Date(Date.parse(buyback.createdAt) + (1 + random() * 9) * DAY_MS).toISOString();
  const since = new Date(Date.parse(createdAt) + random() * 3 * DAY_MS).toISOString();
  const price = buyback.validatedPrice ?? buyback.declaredPrice;
  const failure = status === 'payment_failed' ? { reasonCode: pick(random, ['AC04', 'AM04', 'MD07']), message: null } : null;
  const type = buyback.paymentMode.type;
  return {
    _id: id,
    accountId: buyback.accountId,
    buybackId: buyback._id,
    identificationNumber: buyback.identificationNumber,
    organizationId: buyback.organizationId,
    storeId: buyback.storeId,
    warehouseId: buyback.warehouseId,
    buyerId: buyback.buyerId,
    origin: 'buyback_completed',
    paymentModeId: buyback.paymentMode.id,
    type,
    provider: PROVIDERS[type] ?? 'manual',
    status,
    validatedPrice: price,
    modifier: { kind: 'disabled' },
    amount: price,
    amountInCents: price.amountInCents,
    amountKey: amountKeyOf(price.amountInCents),
    providerReference: status === 'payment_created' ? null : `E2E-${buyback.identificationNumber}`,
    voucherCode: null,
    attempts: [{ number: 1, outcome: status === 'payment_completed' ? 'completed' : 'pending', providerReference: null, transferFileId: null, failure, relaunchReason: null }],
    failure,
    notNeededReason: status === 'payment_not_needed' ? 'settled_elsewhere' : null,
    paidInformation: null,
    claim: null,
    keptOnBuybackCancellation: false,
    transferFileId: null,
    createdAt,
    statusSince: since,
    paidAt: status === 'payment_completed' ? since : null,
    updatedAt: since,
    revision: status === 'payment_created' ? 0 : 1,
    [APPLIED_REVISIONS_FIELD]: { [PAYMENT_STREAMS.payment.name(id)]: status === 'payment_created' ? 0 : 1 },
  };
}

