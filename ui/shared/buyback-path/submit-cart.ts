import { useState } from 'react';
import type { CartItem, CartStore, CustomerDraft } from './cart-store';
import { toCustomerPayload, type CustomerRules } from './customer/customer-rules';
import { useRegisterCart } from './api/register-cart';
import type { ConfirmedBuyback } from './components/confirmation-codes';
import type { CreateBuybackBody, CustomerPayload } from './types';

// The declaration's own helpers, apart: the diagnostic uses them without the customer rules (cart-item.ts).
export { itemOf, responsesOf } from './cart-item';

/** The customer rules of a cart: an IBAN as soon as one item is paid by bank transfer. */
/** The retailer's settings the customer form follows (its configuration, or the dashboard's /me). */
export interface IdentitySettings {
  customerIdentityDocumentRequired: boolean;
  customerIdCollectionEnabled: boolean;
}

export function customerRulesFor(items: readonly Pick<CartItem, 'paymentMode'>[], settings: IdentitySettings): CustomerRules {
  return {
    ibanRequired: items.some((item) => item.paymentMode.paymentType === 'bank_transfer'),
    identityRequired: settings.customerIdentityDocumentRequired,
    idCollected: settings.customerIdCollectionEnabled,
  };
}

export function createBodyOf(item: CartItem, customer: CustomerPayload): CreateBuybackBody {
  return {
    productId: item.declaration.productId,
    responses: item.declaration.responses,
    imei: item.declaration.imei,
    acceptUnknownImei: item.declaration.acceptUnknownImei,
    customer,
    circuitId: item.circuit.id,
    shippingMethodId: item.shippingMethod.id,
    paymentModeId: item.paymentMode.id,
  };
}

/**
 * Registers the whole cart at once (POST /carts with the customer's
 * details): every item becomes a buyback, or none does. The request carries
 * the cart's idempotency key (the same while its body is the same), so
 * retrying after a failure or a double click never registers it twice. Once
 * registered, the cart is emptied.
 */
export function useSubmitCart(store: CartStore, meta?: Record<string, unknown>) {
  const register = useRegisterCart(meta);
  const [error, setError] = useState<unknown>(null);
  const [pending, setPending] = useState(false);

  async function submit(customer: CustomerDraft, rules: CustomerRules, onCreated: (buyback: ConfirmedBuyback) => void): Promise<boolean> {
    if (pending) return false;
    setPending(true);
    setError(null);
    try {
      const payload = toCustomerPayload(customer, rules);
      const items = [...store.getSnapshot().items];
      const declarations = items.map((item) => {
        const { customer: _customer, ...declaration } = createBodyOf(item, payload);
        return declaration;
      });
      const body = { buybacks: declarations, customer: payload };
      const registered = await register.mutateAsync({ body, idempotencyKey: store.cartSubmissionKey(body) });
      items.forEach((item, index) => {
        const created = registered.buybacks?.[index];
        if (!created) return;
        onCreated({
          id: created.id,
          identificationNumber: created.identificationNumber,
          productLabel: item.declaration.product.label,
          price: item.estimatedPrice,
          shippingMethod: { label: item.shippingMethod.label, description: item.shippingMethod.description },
          paymentMode: { label: item.paymentMode.label },
          documentsToken: created.documentsToken,
        });
      });
      for (const item of items) store.removeItem(item.inCartId);
      return true;
    } catch (caught) {
      setError(caught);
      return false;
    } finally {
      setPending(false);
    }
  }

  return { submit, pending, error, reset: () => setError(null) };
}
