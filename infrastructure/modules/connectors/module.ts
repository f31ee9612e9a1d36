import type { DependencyContainer } from 'tsyringe';
import type { ConnectorPorts } from '../../../application/connectors/configuration-commands.js';
import { CONNECTOR_PERMISSIONS, CONNECTOR_STREAMS } from '../../../application/connectors/streams.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { SecretBox } from '../../../application/ports/secret-box.js';
import { TOKENS } from '../../../application/tokens.js';
import { connectorConfigurationProjection } from '../../../projections/connectors/configuration-projection.js';
import { configurationRoutes } from '../../http/routes/connectors/configuration-routes.js';
import type { TransportPort } from '../../../application/ports/transport.js';
import type { PaymentGateway } from '../../../application/payments/payment-gateway.js';
import { connectorsDemoActivity } from './demo-activity.js';
import { HttpConnectionProbe } from '../../connectors/connection-probe.js';
import type { Throttles } from '../../security/throttle-stores.js';
import type { Texts } from '../../../application/ports/texts.js';
import { RoutedCarrier, RoutedPaymentGateway, type RoutedProviderPorts } from '../../connectors/routed-providers.js';
import { PLATFORM_STAFF, ROOT_MANAGERS } from '../../../application/organizations/permissions.js';
import { localesBeside } from '../../http/i18n.js';
import { connectorCatalogueRoutes } from '../../http/routes/connectors/connector-catalogue-routes.js';
import type { PlatformModule } from '../platform-module.js';

/** The connectors' ports out of the container. */
export function connectorDepsOf(container: DependencyContainer): ConnectorPorts {
  return {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    secrets: container.resolve<SecretBox>(TOKENS.SecretBox),
  };
}

/**
 * The connectors part (issue 23, specification 002 §3 "Connectors", §7): the
 * catalogue of connectors defined in code (domain/connectors/catalogue.ts)
 * and their configurations per organization (connector-organizations),
 * secrets encrypted at rest; the carrier and the payment provider an
 * organization uses are resolved from them.
 */
export const connectorsModule: PlatformModule = {
  name: 'connectors',
  streams: Object.values(CONNECTOR_STREAMS),
  texts: localesBeside(import.meta.url),
  projections: [connectorConfigurationProjection],
  permissions: {
    [CONNECTOR_PERMISSIONS.read]: { description: 'See the connectors and the configurations of the retailer’s organizations (secrets never shown)', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
    [CONNECTOR_PERMISSIONS.manage]: { description: 'Create, change, activate, delete and test the configurations of connectors of the retailer’s organizations', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS] },
  },
  errors: {
    CONNECTOR_NOT_FOUND: 404,
    CONNECTOR_CONFIGURATION_NOT_FOUND: 404,
    CONNECTOR_CONFIGURATION_NAME_TAKEN: 409,
    CONNECTOR_PROPERTIES_REQUIRED: 422,
    CONNECTOR_PROPERTY_INVALID: 422,
    CONNECTOR_CONFIGURATION_INVALID: 422,
    CONNECTOR_ALREADY_ACTIVE: 409,
    CONNECTOR_NOT_TESTABLE: 422,
    CONNECTOR_NOT_CONFIGURABLE: 422,
    CONNECTOR_ORGANIZATION_NOT_FOUND: 404,
    CONNECTOR_PROPERTY_UNKNOWN: 422,
    CONNECTOR_PROPERTY_MISSING: 422,
    CONNECTOR_PROPERTY_URL: 422,
    CONNECTOR_PROPERTY_INTEGER: 422,
  },
  /**
   * The carrier and the payment provider become per organization: the
   * composition root's (the environment's) stay each one's default, wrapped.
   */
  register(container) {
    const ports = (): RoutedProviderPorts => ({
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      secrets: container.resolve<SecretBox>(TOKENS.SecretBox),
      embedded: container.resolve<TransportPort>(TOKENS.EmbeddedCarrier),
    });
    const carrier = new RoutedCarrier(ports(), container.resolve<TransportPort>(TOKENS.Transport));
    const gateway = new RoutedPaymentGateway(ports(), container.isRegistered(TOKENS.PaymentGateway, true) ? container.resolve<PaymentGateway>(TOKENS.PaymentGateway) : null);
    container.register<TransportPort>(TOKENS.Transport, { useValue: carrier });
    container.register<PaymentGateway>(TOKENS.PaymentGateway, { useValue: gateway });
  },
  demoActivity: (context) => connectorsDemoActivity(context, connectorDepsOf(context.container)),
  menu: [{ section: 'settings', key: 'connectors', path: '/connectors', permission: CONNECTOR_PERMISSIONS.read }],
  routes: (container) => {
    const deps = connectorDepsOf(container);
    return [
      ...connectorCatalogueRoutes(),
      ...configurationRoutes(deps, { probe: new HttpConnectionProbe(deps.secrets), texts: container.resolve<Texts>(TOKENS.Texts), throttle: container.resolve<Throttles>(TOKENS.Throttles).create('connection-tests', 11, 60, 60) }),
    ];
  },
};
