import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { paymentModeRoutes } from '../../http/routes/payments/payment-mode-routes.js';

/**
 * The payment modes' part of the payments manifest: their refusals, routes
 * and menu entry, gathered here so the manifest names them in one line each.
 * Their streams and read model stay the catalogue's (`payment_mode`,
 * `payment_modes`), which the buyback path reads.
 */
export const paymentModeErrors = {
  PAYMENT_MODE_NOT_FOUND: 404,
  PAYMENT_MODE_ALREADY_EXISTS: 409,
  PAYMENT_MODE_INVALID: 422,
  PAYMENT_BONUS_NOT_ENABLED: 403,
  // The field-level codes of PAYMENT_MODE_INVALID's details (each with its message).
  PAYMENT_MODE_TOO_MANY_LINES: 422,
  PAYMENT_MODIFIER_PERCENT_INVALID: 422,
  PAYMENT_MODIFIER_CAP_INVALID: 422,
  PAYMENT_MODIFIER_AMOUNT_INVALID: 422,
} as const;

export const paymentModeMenu: MenuEntry[] = [{ section: 'payments', key: 'paymentModes', path: '/paymentModes', permission: 'payment_mode.list' }];

export function paymentModeRoutesOf(container: DependencyContainer) {
  return paymentModeRoutes({
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  });
}
