/**
 * A cart kept on the server (GET /carts/{cartId}) holds only what POST
 * /carts took: each device's product, answers, IMEI and chosen circuit,
 * shipping method and payment mode. What the visitor sees of it is read
 * again from the catalogue (the product, today's estimate for the answers,
 * the options' names) and put in the shape of the browser's cart items, so
 * the path's rules (customerRulesFor, cartTotal) apply to it unchanged.
 */
// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import type { CartView } from '@server/application/buybacks/buyback-views.js';
import type { BuybackOptionsView, EstimateView, ProductView } from '@server/application/catalog/catalog-views.js';
import type { CartItem } from '../../../shared/buyback-path/cart-store.js';

/** One device of a kept cart, as POST /carts takes it and GET /carts/{cartId} gives it back. */
export type KeptDeclaration = CartView['items'][number];

/** A device of the browser's cart as POST /carts takes it: no price, no names, no customer. */
export function declarationOf(item: CartItem): KeptDeclaration {
  return {
    productId: item.declaration.productId,
    responses: item.declaration.responses,
    imei: item.declaration.imei,
    acceptUnknownImei: item.declaration.acceptUnknownImei,
    circuitId: item.circuit.id,
    shippingMethodId: item.shippingMethod.id,
    paymentModeId: item.paymentMode.id,
  };
}

function canonical(declaration: KeptDeclaration): string {
  return JSON.stringify([
    declaration.productId,
    declaration.responses.map((response) => [response.questionId, [...response.answerIds].sort()]),
    declaration.imei ?? null,
    declaration.acceptUnknownImei ?? false,
    declaration.circuitId,
    declaration.shippingMethodId,
    declaration.paymentModeId,
  ]);
}

/** The same devices, declared alike, in the same order. */
export function sameDeclarations(a: readonly KeptDeclaration[], b: readonly KeptDeclaration[]): boolean {
  return a.length === b.length && a.every((declaration, index) => canonical(declaration) === canonical(b[index] as KeptDeclaration));
}

/**
 * The kept device as a cart item, from what the catalogue says of it today;
 * null when its circuit, shipping method or payment mode is no longer
 * offered for the product (the checkout would be refused).
 */
export function resumedItem(
  declaration: KeptDeclaration,
  index: number,
  { product, estimate, options }: { product: ProductView; estimate: EstimateView; options: BuybackOptionsView },
): CartItem | null {
  const circuit = options.circuits.find((c) => c.id === declaration.circuitId);
  const shippingMethod = options.shippingMethods.find((s) => s.id === declaration.shippingMethodId);
  const paymentMode = options.paymentModes.find((p) => p.id === declaration.paymentModeId);
  if (!circuit || !shippingMethod || !paymentMode) return null;
  if (!circuit.shippingMethodIds.includes(shippingMethod.id) || !circuit.paymentModeIds.includes(paymentMode.id)) return null;
  return {
    inCartId: `kept-${index}`,
    declaration: {
      productId: declaration.productId,
      product: { label: product.label, brand: product.brand, imageUrl: product.imageUrl },
      responses: declaration.responses,
      grade: estimate.grade,
      imei: declaration.imei ?? null,
      acceptUnknownImei: declaration.acceptUnknownImei ?? false,
    },
    estimatedPrice: estimate.price,
    circuit: { id: circuit.id, name: circuit.name, deposit: circuit.deposit },
    shippingMethod: { id: shippingMethod.id, label: shippingMethod.label, description: shippingMethod.description },
    paymentMode: { id: paymentMode.id, label: paymentMode.label, paymentType: paymentMode.paymentType },
  };
}
