import type { BuybackOptionsView, DiagnosticQuestionView, EstimateView, ProductView } from '@server/application/catalog/catalog-views';
import type { CartDraft, CartItem } from './cart-store';

// Apart from submit-cart.ts: the diagnostic builds its cart item without downloading the customer rules.

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
