import { derivedId } from '../../domain/shared/derived-id.js';
import { streamCategory } from '../events/streams.js';

export const PAYMENT_STREAMS = {
  /** One per payment; a buyback has at most one, whose id follows from the buyback's (`paymentIdOf`). */
  payment: streamCategory('payment'),
  /** One per SEPA credit-transfer file built for a tenant: which payments it carries, downloads, the bank's report. */
  transferFile: streamCategory('payment_transfer_file'),
  /** One per tenant: the settings of its payments (the debtor account of its transfer files, the transfer order's text). */
  settings: streamCategory('payment_settings'),
} as const;

/**
 * The id of a buyback's payment: derived from the buyback's, so whoever
 * creates it twice (the process manager delivered again, two deliveries at
 * once) names the same stream, and the second creation finds it written.
 */
export function paymentIdOf(buybackId: string): string {
  return derivedId(`payment:${buybackId}`);
}
