import { useState } from 'react';
import type { CartItem, CartStore, CustomerDraft } from './cart-store';
import { toCustomerPayload, type CustomerRules } from './customer/customer-rules';
import { useRegisterCart } from './api/register-cart';
import type { ConfirmedBuyback } from './components/confirmation-codes';
import type { BuybackOptionsView, DiagnosticQuestionView, EstimateView, ProductView } from '@server/application/catalog/catalog-views';
import type { CreateBuybackBody, CustomerPayload } from './types';
import type { CartDraft } from './cart-store';

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

/** The answers of the draft in the questions' order, or null while one is unanswered. */
export function responsesOf(questions: readonly DiagnosticQuestionView[], answers: Record<string, string[]>) {
  const responses = questions.map((question) => ({ questionId: question.id, answerIds: answers[question.id] ?? [] }));
  return responses.every((response) => response.answerIds.length > 0) ? responses : null;
}

/** The finished declaration as a cart item (null while an option is missing). */
export function itemOf(
  product: ProductView,
  draft: CartDraft,
  questions: readonly DiagnosticQuestionView[],
  estimate: EstimateView,
  options: BuybackOptionsView,
): Omit<CartItem, 'inCartId'> | null {
  const responses = responsesOf(questions, draft.answers);
  const circuit = options.circuits.find((c) => c.id === draft.circuitId);
  const shippingMethod = options.shippingMethods.find((s) => s.id === draft.shippingMethodId);
  const paymentMode = options.paymentModes.find((p) => p.id === draft.paymentModeId);
  if (!responses || !circuit || !shippingMethod || !paymentMode) return null;
  return {
    declaration: {
      productId: product.id,
      product: { label: product.label, brand: product.brand, imageUrl: product.imageUrl },
      responses,
      grade: estimate.grade,
      imei: draft.imei,
      acceptUnknownImei: draft.acceptUnknownImei,
    },
    estimatedPrice: estimate.price,
    circuit: { id: circuit.id, name: circuit.name, deposit: circuit.deposit },
    shippingMethod: { id: shippingMethod.id, label: shippingMethod.label, description: shippingMethod.description },
    paymentMode: { id: paymentMode.id, label: paymentMode.label, paymentType: paymentMode.paymentType },
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
