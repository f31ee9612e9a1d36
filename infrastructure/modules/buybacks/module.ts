import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import { categoryDispatcher } from '../../../application/buybacks/warehouse-dispatcher.js';
import { TOKENS } from '../../../application/tokens.js';
import type { Texts } from '../../../application/ports/texts.js';
import { BuybackPorts } from '../../../application/buybacks/buyback-ports.js';
import { CustomerLinks } from '../../../application/buybacks/tracking-token.js';
import type { LinkSecrets } from '../../../application/ports/link-secrets.js';
import type { Clock } from '../../../application/ports/clock.js';
import { BuybackQueries } from '../../../application/buybacks/buyback-queries.js';
import { BUYBACK_STREAMS } from '../../../application/buybacks/streams.js';
import { PLATFORM_STAFF, ROOT_USERS, STORE_USERS, UNIT_USERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import { buybacksProjection } from '../../../projections/buybacks/list-projection.js';
import { buybackHistoryProjection } from '../../../projections/buybacks/history-projection.js';
import { localesBeside } from '../../http/i18n.js';
import { buybackRoutes, SENSITIVE_CUSTOMER_DATA } from '../../http/routes/buybacks/buyback-routes.js';
import { priceProposalRoutes } from '../../http/routes/buybacks/price-proposal-routes.js';
import { cartRoutes } from '../../http/routes/buybacks/cart-routes.js';
import { predeclaredRoutes } from '../../http/routes/buybacks/predeclared-routes.js';
import { editionRoutes } from '../../http/routes/buybacks/edition-routes.js';
import type { AppConfig } from '../../config.js';
import type { PlatformModule } from '../platform-module.js';

/** Everyone who works with buybacks in a tenant, and provider staff. */
const READERS = [...PLATFORM_STAFF, ...ROOT_USERS, ...UNIT_USERS, ...STORE_USERS, ...WAREHOUSE_USERS, 'buyer_manager'] as const;
/** Who registers and ships buybacks: store users and the managers above them. */
const REGISTRARS = [...PLATFORM_STAFF, 'root_management_unit_manager', 'management_unit_manager', ...STORE_USERS] as const;

/** Buybacks: registration (store and web), the lifecycle to completion or cancellation, the customer's price decision, forgetting a customer. */
export const buybacksModule: PlatformModule = {
  name: 'buybacks',
  streams: Object.values(BUYBACK_STREAMS),
  projections: [buybacksProjection, buybackHistoryProjection],
  permissions: {
    'buyback.list': { description: 'List buybacks (customer IBAN masked, no identity number)', holders: READERS },
    'buyback.read': { description: 'Open a buyback and its history', holders: READERS },
    'buyback.export': {
      description: 'Export the buyback list as CSV',
      holders: [...PLATFORM_STAFF, ...ROOT_USERS, ...UNIT_USERS, ...STORE_USERS, 'warehouse_manager', 'buyer_manager'],
    },
    [SENSITIVE_CUSTOMER_DATA]: {
      description: "See a customer's full IBAN and identity document number in a buyback's detail (each read is logged)",
      holders: [...PLATFORM_STAFF, 'root_management_unit_manager', 'store_manager'],
    },
    'buyback.create': { description: 'Register a buyback for a customer in a store', holders: REGISTRARS },
    'buyback.create_web': { description: "Register a buyback on the retailer's white-label site", holders: ['pseudo_anonymous'] },
    'buyback.cart': {
      description: "Register several devices of one customer as one cart (storefront visitors' carts, and store carts)",
      holders: ['pseudo_anonymous', ...REGISTRARS],
    },
    'buyback.finalize': { description: 'Finalize in store a buyback pre-declared on the web', holders: REGISTRARS },
    'buyback.ship': { description: 'Ship a buyback to its warehouse', holders: REGISTRARS },
    'buyback.check_in': { description: 'Register a buyback at the warehouse', holders: [...PLATFORM_STAFF, ...WAREHOUSE_USERS] },
    'buyback.control': {
      description: 'Complete the check of a buyback: by price, with absorption, without control, or propose a new price',
      holders: [...PLATFORM_STAFF, ...WAREHOUSE_USERS],
    },
    'buyback.cancel': { description: 'Cancel a buyback', holders: [...REGISTRARS, 'warehouse_manager'] },
    'buyback.edit': {
      description: "Correct a buyback's customer details and declared answers before its device reaches the warehouse (its store's users and the managers above it)",
      holders: REGISTRARS,
    },
    'customer.forget': { description: "Forget a customer: their personal data becomes unreadable everywhere", holders: [...PLATFORM_STAFF, 'root_management_unit_manager'] },
  },
  errors: {
    BUYBACK_NOT_FOUND: 404,
    PRICE_PROPOSAL_NOT_FOUND: 404,
    BUYBACK_ALREADY_EXISTS: 409,
    BUYBACK_CANCELLED: 409,
    BUYBACK_TRANSITION_NOT_ALLOWED: 409,
    BUYBACK_NOT_VERIFIABLE: 409,
    BUYBACK_PAYMENT_NOT_CANCELLABLE: 409,
    BUYBACK_IN_PACKAGE: 409,
    // A buyback's edition (edition-routes.ts): once at the warehouse, a voucher handed over at its price, a forgotten customer.
    BUYBACK_NOT_EDITABLE: 409,
    BUYBACK_EDITION_PRICE_PAID: 409,
    BUYBACK_CUSTOMER_FORGOTTEN: 409,
    BUYBACK_EDITION_REASON_INVALID: 422,
    PRICE_PROPOSAL_ALREADY_RESOLVED: 409,
    IMEI_TAC_MISMATCH: 422,
    CIRCUIT_NOT_AVAILABLE: 422,
    BUYBACK_NO_TRANSPORT_MODE: 422,
    BUYBACK_NO_PAYMENT_MODE_FOR_CIRCUIT: 422,
    BUYBACK_NO_WAREHOUSE_FOR_CATEGORY: 422,
    // A buyback scanned into a store's package (the logistics part's expedition): the buyback says whether it may leave.
    BB_DOES_NOT_EXIST: 404,
    BB_ALREADY_PROCESSED: 409,
    BB_ALREADY_FILLED: 409,
    BB_EXPEDITION_NOT_NEEDED: 422,
    BB_NEEDS_LABEL: 422,
    BB_LABEL_NOT_NEEDED: 422,
    SHIPMENT_ERROR: 422,
    BUYBACK_BUYER_UNREACHABLE: 422,
    BUYBACK_NOT_ASSIGNED_TO_WAREHOUSE: 422,
    BUYBACK_PRICE_DEVIATION: 422,
    BUYBACK_NO_PRICE_DEVIATION: 422,
    BUYBACK_PROPOSED_PRICE_NOT_LOWER: 422,
    ABSORPTION_EXCEEDS_RULE: 422,
    PRICE_PROPOSAL_TOKEN_INVALID: 422,
    IDENTIFICATION_NUMBER_EXHAUSTED: 503,
    CART_NOT_FOUND: 404,
    CART_ALREADY_EXISTS: 409,
    CART_ALREADY_CHECKED_OUT: 409,
    CART_EMPTY: 422,
    CART_TOO_MANY_ITEMS: 422,
    CART_BELOW_MINIMUM_VALUE: 422,
    // A buyback's documents token (application/buybacks/documents-token.ts): another buyback's or altered, then expired.
    DOCUMENTS_LINK_INVALID: 404,
    DOCUMENTS_LINK_EXPIRED: 410,
    // A buyback's tracking token (application/buybacks/tracking-token.ts): the same refusals, for the /tracking link.
    TRACKING_LINK_INVALID: 404,
    TRACKING_LINK_EXPIRED: 410,
  },
  texts: localesBeside(import.meta.url),
  menu: [
    { section: 'buybacks', key: 'buybackList', path: '/buybacks', permission: 'buyback.list' },
    {
      section: 'buybacks',
      key: 'buybackCreate',
      path: '/buyback/create',
      permission: 'buyback.create',
      // The wizard registers in a store: a user working for one (the store module).
      visible: ({ principal }) => principal.module === 'tim',
    },
    {
      section: 'buybacks',
      key: 'buybacksPredeclared',
      path: '/buybacks-predeclared',
      permission: 'buyback.finalize',
      // A pre-declared buyback is finalized in the store the customer brings it to: a user working for one.
      visible: ({ principal }) => principal.module === 'tim',
    },
  ],
  register(container) {
    // Downstream parts add what they append with each new buyback (the warehouse's item) in their own register().
    container.register(TOKENS.RegistrationCompanions, { useValue: [] });
    container.register(TOKENS.BuybackCompanions, { useValue: [] });
    // The category's referent warehouse, until the logistics part registers the retailers' dispatch rules.
    container.register(TOKENS.WarehouseDispatcher, { useValue: categoryDispatcher });
    // The confirmation e-mail's links (documents and tracking), each signed and expiring.
    container.register(TOKENS.CustomerLinks, {
      useFactory: (c) => {
        const config = c.resolve<AppConfig>(TOKENS.Config);
        return CustomerLinks.of(c.resolve<LinkSecrets>(TOKENS.LinkSecrets), c.resolve<Clock>(TOKENS.Clock), config.publicBaseUrl, {
          documents: config.documentsLinkTtlDays,
          tracking: config.trackingLinkTtlDays,
        });
      },
    });
    container.registerSingleton(TOKENS.BuybackPorts, BuybackPorts);
    container.registerSingleton(TOKENS.BuybackQueries, BuybackQueries);
  },
  routes(container: DependencyContainer) {
    const ports = container.resolve<BuybackPorts>(TOKENS.BuybackPorts);
    const documentsLinks = ports.customerLinks.documents;
    return [
      ...buybackRoutes({
        ports,
        queries: container.resolve<BuybackQueries>(TOKENS.BuybackQueries),
        logger: container.resolve<Logger>(TOKENS.Logger),
        texts: container.resolve<Texts>(TOKENS.Texts),
        documentsLinks,
      }),
      ...priceProposalRoutes(ports),
      ...cartRoutes(ports, documentsLinks),
      ...predeclaredRoutes(ports),
      ...editionRoutes(ports),
    ];
  },
};
