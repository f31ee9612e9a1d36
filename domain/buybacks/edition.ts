import { DomainError } from '../shared/domain-error.js';
import type { BuybackCommand } from './commands.js';
import type { BuybackEvent } from './events.js';
import { buybackStatus, type BuybackSnapshot } from './machine.js';

/** The reason an edition must give: required, at most this many characters (as every other short reason). */
export const EDITION_REASON_MAX = 255;

/** The customer's fields an edition may correct; the e-mail names the data subject (its key), so it is not one of them. */
export const EDITABLE_CUSTOMER_FIELDS = ['firstName', 'lastName', 'phone', 'street', 'streetComplement', 'city', 'zipCode', 'country', 'iban', 'identity'] as const;
export type EditableCustomerField = (typeof EDITABLE_CUSTOMER_FIELDS)[number];

type EditCommand = Extract<BuybackCommand, { type: 'EditBuyback' }>;

/**
 * Whether its machine still lets it be corrected: before the warehouse has
 * its device (awaiting its drop in a store, awaiting shipment, in transit).
 */
export function isEditable(state: BuybackSnapshot): boolean {
  return state.context.buybackId !== null && state.can({ type: 'BuybackEdited' } as BuybackEvent);
}

/**
 * The edition's event: only what changed, with why. Nothing changed writes
 * nothing. Refused once the device is checked in or the buyback cancelled
 * (BUYBACK_NOT_EDITABLE); a new price is refused once its payment exists (a
 * gift card or voucher handed over in the store at the registered price:
 * BUYBACK_EDITION_PRICE_PAID), the payment otherwise being created later
 * from the buyback's price.
 */
export function decideEdition(state: BuybackSnapshot, buybackId: string, data: EditCommand['data']): BuybackEvent[] {
  if (!isEditable(state)) throw new DomainError('BUYBACK_NOT_EDITABLE', { status: buybackStatus(state) });
  const reason = data.reason.trim();
  if (reason.length === 0 || reason.length > EDITION_REASON_MAX) {
    throw new DomainError('BUYBACK_EDITION_REASON_INVALID', { min: 1, max: EDITION_REASON_MAX, length: reason.length });
  }
  const previousPrice = state.context.declaredPrice;
  if (previousPrice === null) throw new DomainError('BUYBACK_NOT_FOUND');
  const declaration = data.declaration && { ...data.declaration, previousPrice };
  if (declaration && declaration.declaredPrice.amountInCents < 0) throw new DomainError('MONEY_NEGATIVE', { amountInCents: declaration.declaredPrice.amountInCents });
  const priceChanges = declaration !== null && declaration.declaredPrice.amountInCents !== previousPrice.amountInCents;
  if (priceChanges && state.context.paymentStatus !== 'awaiting_payment') {
    throw new DomainError('BUYBACK_EDITION_PRICE_PAID', { paymentStatus: state.context.paymentStatus, declaredPrice: previousPrice });
  }
  const customerChanges = data.customer !== null && data.customerFields.length > 0;
  if (!customerChanges && declaration === null) return [];
  return [
    {
      type: 'BuybackEdited',
      data: {
        buybackId,
        reason,
        customer: customerChanges ? data.customer : null,
        customerFields: customerChanges ? [...data.customerFields] : [],
        declaration,
      },
    },
  ];
}
