/** Stream names: `<aggregate>-<id>`. The id after the first known prefix is the aggregate id. */
export const STREAM_PREFIXES = {
  account: 'account-',
  organization: 'organization-',
  user: 'user-',
  category: 'category-',
  product: 'product-',
  diagnosticQuestion: 'diagnostic-question-',
  circuit: 'circuit-',
  shippingMethod: 'shipping-method-',
  paymentMode: 'payment-mode-',
  buyback: 'buyback-',
  identificationNumber: 'buyback-number-',
  customer: 'customer-',
} as const;

export type StreamKind = keyof typeof STREAM_PREFIXES;

export function streamName(kind: StreamKind, id: string): string {
  return STREAM_PREFIXES[kind] + id;
}

/** The aggregate id of a stream of the given kind. */
export function idFromStream(kind: StreamKind, name: string): string {
  const prefix = STREAM_PREFIXES[kind];
  if (!name.startsWith(prefix)) throw new Error(`Stream ${name} is not a ${kind} stream`);
  return name.slice(prefix.length);
}
