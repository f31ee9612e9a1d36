/** Injection tokens: one per port or service, so wiring never depends on emitted type metadata. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
  /** The platform's Prometheus metrics (infrastructure/observability/metrics.ts). */
  PlatformMetrics: Symbol.for('PlatformMetrics'),
  EventStore: Symbol.for('EventStore'),
  DocumentStore: Symbol.for('DocumentStore'),
  SubjectKeyStore: Symbol.for('SubjectKeyStore'),
  PersonalDataVault: Symbol.for('PersonalDataVault'),
  Clock: Symbol.for('Clock'),
  IdGenerator: Symbol.for('IdGenerator'),
  PasswordHasher: Symbol.for('PasswordHasher'),
  Mailer: Symbol.for('Mailer'),
  ProjectionRunner: Symbol.for('ProjectionRunner'),
  CatalogService: Symbol.for('CatalogService'),
  BuybackService: Symbol.for('BuybackService'),
  BuybackQueries: Symbol.for('BuybackQueries'),
  AuthService: Symbol.for('AuthService'),
  CustomerService: Symbol.for('CustomerService'),
  BuybackPorts: Symbol.for('BuybackPorts'),
  PermissionMatrix: Symbol.for('PermissionMatrix'),
  MenuEntries: Symbol.for('MenuEntries'),
  Texts: Symbol.for('Texts'),
  PublicBaseUrl: Symbol.for('PublicBaseUrl'),
  DefaultWhiteLabelAccount: Symbol.for('DefaultWhiteLabelAccount'),
  LinkSecrets: Symbol.for('LinkSecrets'),
  /** The signed links e-mailed to a buyback's customer: its documents and its tracking (application/buybacks/tracking-token.ts). */
  CustomerLinks: Symbol.for('CustomerLinks'),
  /** Seals the secrets typed into configurations (a connector's API key) with a key from the server's secret. */
  SecretBox: Symbol.for('SecretBox'),
  RegistrationCompanions: Symbol.for('RegistrationCompanions'),
  BuybackCompanions: Symbol.for('BuybackCompanions'),
  WarehouseDispatcher: Symbol.for('WarehouseDispatcher'),
  Transport: Symbol.for('Transport'),
  /** The platform's own carrier (labels made here), whatever the installation's default: an organization's embedded-carrier configuration uses it. */
  EmbeddedCarrier: Symbol.for('EmbeddedCarrier'),
  LogisticsPorts: Symbol.for('LogisticsPorts'),
  LogisticsQueries: Symbol.for('LogisticsQueries'),
  LabelWorker: Symbol.for('LabelWorker'),
  BackgroundWorkers: Symbol.for('BackgroundWorkers'),
  /** The job queue (application/jobs): large imports run off the request path. */
  Jobs: Symbol.for('Jobs'),
  WarehousePorts: Symbol.for('WarehousePorts'),
  WarehouseQueries: Symbol.for('WarehouseQueries'),
  ProcessManagerRunner: Symbol.for('ProcessManagerRunner'),
  /** The payment provider reached over HTTP: registered only when PAYMENT_PROVIDER_URL is set. */
  PaymentGateway: Symbol.for('PaymentGateway'),
  PaymentProviderWorker: Symbol.for('PaymentProviderWorker'),
  /** The catalogue's search engine (application/ports/product-search.ts): embedded, or Typesense when TYPESENSE_URL is set. */
  ProductSearchIndex: Symbol.for('ProductSearchIndex'),
  /** Where the throttles count (infrastructure/security/throttle-stores.ts): shared by every process on the same data. */
  Throttles: Symbol.for('Throttles'),
} as const;
