import { streamCategory } from '../events/streams.js';

export const CATALOG_STREAMS = {
  category: streamCategory('category'),
  product: streamCategory('product'),
  diagnosticQuestion: streamCategory('diagnostic_question'),
  circuit: streamCategory('circuit'),
  shippingMethod: streamCategory('shipping_method'),
  paymentMode: streamCategory('payment_mode'),
} as const;
