import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import { TOKENS } from '../../../application/tokens.js';
import type { BuybackCompanion } from '../../../application/buybacks/registration-companions.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, STORE_USERS, UNIT_USERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import type { LinkSecrets } from '../../../application/ports/link-secrets.js';
import { LogisticsPorts } from '../../../application/logistics/logistics-ports.js';
import { LogisticsQueries } from '../../../application/logistics/logistics-queries.js';
import { LabelWorker } from '../../../application/logistics/label-worker.js';
import { LogisticsProcess } from '../../../application/logistics/logistics-process.js';
import { RulesDispatcher } from '../../../application/logistics/dispatch.js';
import { LOGISTICS_STREAMS } from '../../../application/logistics/streams.js';
import type { AppConfig } from '../../config.js';
import { packagesProjection } from '../../../projections/logistics/packages-projection.js';
import { transportsProjection } from '../../../projections/logistics/transports-projection.js';
import { dispatchRulesProjection } from '../../../projections/logistics/dispatch-rules-projection.js';
import { localesBeside } from '../../http/i18n.js';
import { packageRoutes } from '../../http/routes/logistics/package-routes.js';
import { transportRoutes } from '../../http/routes/logistics/transport-routes.js';
import { dispatchRoutes } from '../../http/routes/logistics/dispatch-routes.js';
import { TRACKING_READS_PER_MINUTE, trackingRoutes } from '../../http/routes/logistics/tracking-routes.js';
import type { Throttles } from '../../security/throttle-stores.js';
import { carrierWebhookSecret } from '../../security/carrier-webhook-secret.js';
import type { PlatformModule } from '../platform-module.js';
import { logisticsDemoData } from './demo-data.js';
import { logisticsDemoActivity } from './demo-activity.js';

const WAREHOUSE_MANAGERS = [...PLATFORM_STAFF, ...ROOT_MANAGERS, 'warehouse_manager'] as const;

/**
 * Logistics (specification 001, expedition and dispatch): the package
 * aggregate (a store's parcel, from the first scan to the warehouse's door),
 * transports and their labels (made asynchronously by the carrier behind
 * the transport port), the carriers' delivery reports, and the dispatch
 * rules that choose each new buyback's warehouse.
 */
export const logisticsModule: PlatformModule = {
  name: 'logistics',
  streams: Object.values(LOGISTICS_STREAMS),
  projections: [packagesProjection, transportsProjection, dispatchRulesProjection],
  permissions: {
    'package.read': {
      description: 'See the packages of one’s store (or those bound for one’s warehouse), the devices waiting to leave, and a package’s label',
      holders: [...PLATFORM_STAFF, ...ROOT_USERS, ...UNIT_USERS, ...STORE_USERS, ...WAREHOUSE_USERS],
    },
    'package.manage': {
      description: 'Build a store’s packages: open one, scan devices into it, take them out, clear or discard it, close it',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, ...STORE_USERS],
    },
    'transport.list': {
      description: 'List the transports (a store’s packages, a warehouse’s arrivals and returns) with their labels and delivery',
      holders: [...PLATFORM_STAFF, ...ROOT_USERS, ...UNIT_USERS, 'store_manager', ...WAREHOUSE_USERS],
    },
    'transport.manage': { description: 'Ask the carrier again for a label it failed to give', holders: WAREHOUSE_MANAGERS },
    'transport.return_label': {
      description: 'Retrieve the return label of a device sent back to its customer',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, ...WAREHOUSE_USERS],
    },
    'dispatch_rule.read': { description: 'See the warehouse dispatch rules and the default warehouse', holders: [...PLATFORM_STAFF, ...ROOT_USERS] },
    'dispatch_rule.manage': {
      description: 'Write, order and delete the warehouse dispatch rules, and choose the default warehouse',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS],
    },
  },
  errors: {
    PACKAGE_NOT_FOUND: 404,
    TRANSPORT_NOT_FOUND: 404,
    DISPATCH_RULE_NOT_FOUND: 404,
    SHIPPING_LABEL_NOT_EXPECTED: 404,
    RETURN_LABEL_NOT_EXPECTED: 404,
    PACKAGE_LABEL_NOT_EXPECTED: 404,
    PACKAGE_ALREADY_EXISTS: 409,
    PACKAGE_NOT_OPEN: 409,
    PACKAGE_CANNOT_BE_CLOSED: 409,
    PACKAGE_FULL: 409,
    PACKAGE_BUYBACK_NOT_IN_PACKAGE: 409,
    PACKAGE_TRANSITION_NOT_ALLOWED: 409,
    TRANSPORT_ALREADY_EXISTS: 409,
    TRANSPORT_NO_SHIPMENT: 409,
    TRANSPORT_LABEL_NOT_FAILED: 409,
    DISPATCH_RULE_ALREADY_EXISTS: 409,
    DISPATCH_RULE_ORDER_MISMATCH: 409,
    TRANSPORT_ADDRESS_UNKNOWN: 422,
    DISPATCH_RULE_TITLE_REQUIRED: 422,
    DISPATCH_RULE_TITLE_TOO_LONG: 422,
    DISPATCH_RULE_CONDITION_REQUIRED: 422,
    DISPATCH_RULE_CONDITION_INVALID: 422,
    DISPATCH_RULE_CONDITION_VALUES_REQUIRED: 422,
    DISPATCH_RULE_CONDITION_VALUE_TOO_LONG: 422,
    DISPATCH_RULE_TOO_MANY: 422,
    DISPATCH_RULE_WAREHOUSE_REQUIRED: 422,
    DISPATCH_RULE_WAREHOUSE_DUPLICATE: 422,
    DISPATCH_RULE_WAREHOUSE_UNKNOWN: 422,
    DISPATCH_RULE_VALUE_UNKNOWN: 422,
    DISPATCH_RULE_POSITION_INVALID: 422,
    SHIPPING_LABEL_NOT_READY: 425,
    CARRIER_SIGNATURE_INVALID: 401,
    CARRIER_EVENT_IN_FUTURE: 422,
  },
  texts: localesBeside(import.meta.url),
  menu: [
    { section: 'logistics', key: 'expedition', path: '/expedition', permission: 'package.manage' },
    { section: 'logistics', key: 'transports', path: '/transports-list', permission: 'transport.list' },
    { section: 'logistics', key: 'warehouseDispatch', path: '/warehouse-dispatch', permission: 'dispatch_rule.read' },
  ],
  demoData: logisticsDemoData,
  demoActivity: logisticsDemoActivity,
  register(container) {
    container.registerSingleton(TOKENS.LogisticsPorts, LogisticsPorts);
    container.registerSingleton(TOKENS.LogisticsQueries, LogisticsQueries);
    // The retailers' dispatch rules choose each new buyback's warehouse (replacing the category's referent warehouse).
    container.register(TOKENS.WarehouseDispatcher, { useValue: new RulesDispatcher(container.resolve(TOKENS.DocumentStore)) });
    container.register(TOKENS.LabelWorker, {
      useFactory: (() => {
        let worker: LabelWorker | null = null;
        return (c: DependencyContainer) => {
          const config = c.resolve<AppConfig>(TOKENS.Config);
          worker ??= new LabelWorker(c.resolve(TOKENS.LogisticsPorts), c.resolve<Logger>(TOKENS.Logger), { intervalMs: config.labelWorkerIntervalMs, batchSize: 10 });
          return worker;
        };
      })(),
    });
  },
  processManagers(container) {
    const ports = container.resolve<LogisticsPorts>(TOKENS.LogisticsPorts);
    return [new LogisticsProcess({ eventStore: ports.eventStore, documents: ports.documents, ids: ports.ids, buybackCompanions: container.resolve<BuybackCompanion[]>(TOKENS.BuybackCompanions) })];
  },
  workers(container) {
    return [container.resolve<LabelWorker>(TOKENS.LabelWorker)];
  },
  routes(container: DependencyContainer) {
    const ports = container.resolve<LogisticsPorts>(TOKENS.LogisticsPorts);
    const queries = container.resolve<LogisticsQueries>(TOKENS.LogisticsQueries);
    const labels = container.resolve<LabelWorker>(TOKENS.LabelWorker);
    const config = container.resolve<AppConfig>(TOKENS.Config);
    return [
      ...packageRoutes(ports, queries, labels),
      ...transportRoutes({
        ports,
        queries,
        labels,
        linkSecrets: container.resolve<LinkSecrets>(TOKENS.LinkSecrets),
        logger: container.resolve<Logger>(TOKENS.Logger),
        // CARRIER_WEBHOOK_SECRET, else the installation's own (made in DATA_DIR on the first start: infrastructure/container.ts).
        webhookSecret: () => carrierWebhookSecret(config).secret,
        // A carrier sends bursts (a round's reports at once): generous, but a flood from one address stops.
        webhookThrottle: container.resolve<Throttles>(TOKENS.Throttles).create('carrier-webhook', 1200, 60, 60),
      }),
      ...dispatchRoutes(ports, queries),
      // The customer's tracking page (its token is the buybacks part's): public, so throttled per address.
      ...trackingRoutes(
        { documents: ports.documents, clock: ports.clock, linkSecrets: container.resolve<LinkSecrets>(TOKENS.LinkSecrets) },
        container.resolve<Throttles>(TOKENS.Throttles).create('tracking-reads', TRACKING_READS_PER_MINUTE, 60, 60),
      ),
    ];
  },
};
