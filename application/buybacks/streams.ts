import { streamCategory } from '../events/streams.js';

export const BUYBACK_STREAMS = {
  buyback: streamCategory('buyback'),
  /** One per identification number: creating it reserves the number (it must not exist yet). */
  identificationNumber: streamCategory('buyback_number'),
  /** Several buybacks of one customer, registered together at checkout. */
  cart: streamCategory('cart'),
  /** One per data subject: records that the customer was forgotten. */
  customer: streamCategory('customer'),
} as const;
