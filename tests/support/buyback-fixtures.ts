import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import type { ApiClient } from './test-platform.js';

export const VALID_IBAN = 'FR7630006000011234567890189';
export const IDENTITY_NUMBER = 'X4RTBPFW4';

export function customer(overrides: Record<string, unknown> = {}) {
  return {
    firstName: 'Camille',
    lastName: 'Durand',
    email: 'camille.durand@example.com',
    phone: '+33612345678',
    street: '12 rue de la Paix',
    streetComplement: null,
    city: 'Paris',
    zipCode: '75002',
    country: 'FR',
    iban: VALID_IBAN,
    identity: { type: 'identity_card', number: IDENTITY_NUMBER, issuingAuthority: 'Préfecture de Paris', deliveryDate: '2020-05-14' },
    ...overrides,
  };
}

/** The first answer of every question: the seed guarantees it neither blocks nor caps the grade. */
export async function bestResponses(client: ApiClient, productId: string) {
  const questions = await client.get(`/products/${productId}/diagnostic-questions`);
  if (questions.status !== 200) throw new Error(`questions: ${questions.status} ${JSON.stringify(questions.body)}`);
  return (questions.body.items as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({
    questionId: q.id,
    answerIds: [q.answers[0]!.id],
  }));
}

/** Builds a valid creation body from the product's own options on the channel. */
export async function creationBody(
  client: ApiClient,
  options: { productId?: string; channel?: 'store' | 'web'; circuitType?: string; paymentType?: string; customer?: Record<string, unknown> } = {},
) {
  const productId = options.productId ?? DEMO_IDS.products.iphone15_128;
  const channel = options.channel ?? 'store';
  const buybackOptions = await client.get(`/products/${productId}/buyback-options?channel=${channel}`);
  if (buybackOptions.status !== 200) throw new Error(`options: ${buybackOptions.status} ${JSON.stringify(buybackOptions.body)}`);
  const circuits = buybackOptions.body.circuits as Array<{ id: string; circuitType: string; shippingMethodIds: string[]; paymentModeIds: string[] }>;
  const circuit = circuits.find((c) => !options.circuitType || c.circuitType === options.circuitType);
  if (!circuit) throw new Error(`no circuit ${options.circuitType ?? ''} for ${channel}`);
  const paymentModes = buybackOptions.body.paymentModes as Array<{ id: string; paymentType: string }>;
  const paymentMode = paymentModes.find(
    (p) => circuit.paymentModeIds.includes(p.id) && (!options.paymentType || p.paymentType === options.paymentType),
  );
  if (!paymentMode) throw new Error(`no payment mode ${options.paymentType ?? ''}`);
  return {
    productId,
    responses: await bestResponses(client, productId),
    customer: customer(options.customer),
    circuitId: circuit.id,
    shippingMethodId: circuit.shippingMethodIds[0]!,
    paymentModeId: paymentMode.id,
  };
}

export const PARIS = DEMO_IDS.stores.paris;
