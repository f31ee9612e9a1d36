import { inject, injectable } from 'tsyringe';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { PersonalDataVault } from '../ports/personal-data.js';
import type { TransportPort } from '../ports/transport.js';
import { TOKENS } from '../tokens.js';

/** What the logistics commands, queries, process manager and label worker work with. */
@injectable()
export class LogisticsPorts {
  constructor(
    @inject(TOKENS.EventStore) readonly eventStore: EventStore,
    @inject(TOKENS.DocumentStore) readonly documents: DocumentStore,
    @inject(TOKENS.Clock) readonly clock: Clock,
    @inject(TOKENS.IdGenerator) readonly ids: IdGenerator,
    @inject(TOKENS.PersonalDataVault) readonly vault: PersonalDataVault,
    @inject(TOKENS.Transport) readonly transport: TransportPort,
  ) {}
}
