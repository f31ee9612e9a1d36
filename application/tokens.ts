/** Injection tokens: one per port or service, so wiring never depends on emitted type metadata. */
export const TOKENS = {
  Config: Symbol.for('Config'),
  Logger: Symbol.for('Logger'),
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
} as const;
