import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { MenuEntry } from '../../../application/organizations/menu.js';
import { BuybackDocuments } from '../../../application/payments/buyback-documents.js';
import { CUSTOM_TRANSFER_ORDER_FEATURE } from '../../../domain/payments/transfer-order.js';
import type { TransferOrderDeps } from '../../../application/payments/transfer-order-settings.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { LinkSecrets } from '../../../application/ports/link-secrets.js';
import { transferOrderSettingsProjection } from '../../../projections/payments/transfer-order-projection.js';
import { documentRoutes } from '../../http/routes/payments/document-routes.js';
import type { LogisticsQueries } from '../../../application/logistics/logistics-queries.js';
import type { Throttles } from '../../security/throttle-stores.js';

/** The documents page's listings per client address and minute: a customer's reloads never meet it. */
const LISTINGS_PER_MINUTE = 60;

/**
 * A buyback's printable documents and the transfer order's text, as the
 * payments manifest names them: read model, refusals, menu entry, routes.
 */
export const documentProjections = [transferOrderSettingsProjection];

export const documentErrors = {
  TRANSFER_ORDER_TEXT_TOO_SHORT: 422,
  TRANSFER_ORDER_TEXT_TOO_LONG: 422,
  TRANSFER_ORDER_VARIABLE_UNKNOWN: 422,
  TRANSFER_ORDER_VARIABLE_MALFORMED: 422,
  DOCUMENT_NOT_EXPECTED: 404,
  VOUCHER_NOT_ISSUED: 409,
} as const;

/** Its own text needs the custom_transfer_order premium feature: the entry shows the premium badge while the retailer lacks it (specification 002 §2 menu). */
export const documentMenu: MenuEntry[] = [
  { section: 'administration', key: 'transferOrderSettings', path: '/settings/transfer-order', permission: 'payment_settings.manage', premiumFeature: CUSTOM_TRANSFER_ORDER_FEATURE },
];

export function documentRoutesOf(container: DependencyContainer) {
  const settings: TransferOrderDeps = {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  const documents = new BuybackDocuments({ documents: settings.documents, clock: settings.clock, linkSecrets: container.resolve<LinkSecrets>(TOKENS.LinkSecrets) });
  const logistics = container.resolve<LogisticsQueries>(TOKENS.LogisticsQueries);
  return documentRoutes({
    settings,
    documents,
    shippingLabel: (buyback) => logistics.shippingLabelState(buyback),
    listingThrottle: container.resolve<Throttles>(TOKENS.Throttles).create('document-listings', LISTINGS_PER_MINUTE, 60, 60),
  });
}
