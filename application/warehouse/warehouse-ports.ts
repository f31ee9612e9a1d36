import { inject, injectable } from 'tsyringe';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { Mailer } from '../ports/mailer.js';
import { TOKENS } from '../tokens.js';
import { CatalogService } from '../catalog/catalog-service.js';
import type { LinkSecrets } from '../ports/link-secrets.js';
import type { Texts } from '../ports/texts.js';

/** What the warehouse commands and queries work with. */
@injectable()
export class WarehousePorts {
  constructor(
    @inject(TOKENS.EventStore) readonly eventStore: EventStore,
    @inject(TOKENS.DocumentStore) readonly documents: DocumentStore,
    @inject(TOKENS.Clock) readonly clock: Clock,
    @inject(TOKENS.IdGenerator) readonly ids: IdGenerator,
    @inject(TOKENS.Mailer) readonly mailer: Mailer,
    @inject(TOKENS.CatalogService) readonly catalog: CatalogService,
    @inject(TOKENS.PublicBaseUrl) readonly publicBaseUrl: string,
    @inject(TOKENS.LinkSecrets) readonly linkSecrets: LinkSecrets,
    /** The API's texts: the native stocks' names, which no other stock may take. */
    @inject(TOKENS.Texts) readonly texts: Texts,
  ) {}
}
