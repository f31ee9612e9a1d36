import { inject, injectable } from 'tsyringe';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { Mailer } from '../ports/mailer.js';
import type { PersonalDataVault } from '../ports/personal-data.js';
import { TOKENS } from '../tokens.js';
import { CatalogService } from '../catalog/catalog-service.js';
import type { BuybackCompanion, RegistrationCompanion } from './registration-companions.js';
import type { WarehouseDispatcher } from './warehouse-dispatcher.js';
import type { LinkSecrets } from '../ports/link-secrets.js';
import type { CustomerLinks } from './tracking-token.js';

/** What the buyback commands work with: the ports, and the catalogue they read prices and options from. */
@injectable()
export class BuybackPorts {
  constructor(
    @inject(TOKENS.EventStore) readonly eventStore: EventStore,
    @inject(TOKENS.DocumentStore) readonly documents: DocumentStore,
    @inject(TOKENS.Clock) readonly clock: Clock,
    @inject(TOKENS.IdGenerator) readonly ids: IdGenerator,
    @inject(TOKENS.PersonalDataVault) readonly vault: PersonalDataVault,
    @inject(TOKENS.Mailer) readonly mailer: Mailer,
    @inject(TOKENS.CatalogService) readonly catalog: CatalogService,
    @inject(TOKENS.PublicBaseUrl) readonly publicBaseUrl: string,
    /** What other parts append with each new buyback (see registration-companions.ts). */
    @inject(TOKENS.RegistrationCompanions) readonly companions: readonly RegistrationCompanion[],
    /** What other parts decide with each later command on a buyback (see registration-companions.ts). */
    @inject(TOKENS.BuybackCompanions) readonly commandCompanions: readonly BuybackCompanion[],
    /** Chooses a new buyback's warehouse (the logistics part's dispatch rules; see warehouse-dispatcher.ts). */
    @inject(TOKENS.WarehouseDispatcher) readonly dispatcher: WarehouseDispatcher,
    /** The secrets of links given to customers (their documents: see documents-token.ts). */
    @inject(TOKENS.LinkSecrets) readonly linkSecrets: LinkSecrets,
    /** The documents and tracking links of the confirmation e-mail (tracking-token.ts). */
    @inject(TOKENS.CustomerLinks) readonly customerLinks: CustomerLinks,
  ) {}
}
