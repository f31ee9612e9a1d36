/** The design's reads (issue 23): the account's design with its colours' contrast, and its history from the account stream. */
import type { AccountDesignChanged } from '../../../domain/organizations/account/account-events.js';
import type { AccountOpened } from '../../../domain/organizations/events.js';
import { colorContrast, normalisedColor } from '../../../domain/settings/design/contrast.js';
import { domainTypeOf } from '../../events/codec.js';
import { visibleAccount } from '../../organizations/clients/client-commands.js';
import { designOfAccount } from '../../organizations/clients/client-read-model.js';
import type { Principal } from '../../organizations/principal.js';
import { ORGANIZATION_STREAMS } from '../../organizations/streams.js';
import { userNames } from '../../organizations/user-names.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { designRevision } from './design-commands.js';
import type { ColorContrastView, DesignHistoryEntryView, DesignView } from './design-views.js';

/** A colour's contrast; none for a colour kept from before the design that is not a hex colour. */
const contrastOf = (color: string | null): ColorContrastView | null => (color && normalisedColor(color) ? colorContrast(color) : null);

/** The design as its form edits it, with its own revision (designRevision: its ETag), read from the account's stream. */
export async function getDesign(documents: DocumentStore, eventStore: EventStore, principal: Principal, accountId: string): Promise<DesignView> {
  const account = await visibleAccount(documents, principal, accountId);
  const design = designOfAccount(account);
  return {
    accountId: account._id,
    mainColor: design.mainColor,
    secondaryColor: design.secondaryColor,
    logoFileId: design.logoFileId,
    logoUrl: account.logoUrl,
    faviconFileId: design.faviconFileId,
    faviconUrl: account.faviconUrl,
    contrast: { mainColor: contrastOf(design.mainColor), secondaryColor: contrastOf(design.secondaryColor) },
    revision: designRevision(await eventStore.readStream(ORGANIZATION_STREAMS.account.name(account._id))),
  };
}

/** The design's history: the account's opening (its main colour) and each design change, oldest first, with who. */
export async function designHistory(eventStore: EventStore, documents: DocumentStore, principal: Principal, accountId: string): Promise<DesignHistoryEntryView[]> {
  await visibleAccount(documents, principal, accountId);
  const events = (await eventStore.readStream(ORGANIZATION_STREAMS.account.name(accountId))).filter((stored) => ['AccountOpened', 'AccountDesignChanged'].includes(domainTypeOf(stored)));
  const names = await userNames(documents, events.map((event) => event.metadata.userId));
  return events.map((stored) => {
    const type = domainTypeOf(stored) as DesignHistoryEntryView['type'];
    const changes = type === 'AccountOpened' ? { mainColor: (stored.data as AccountOpened['data']).mainColor } : (stored.data as AccountDesignChanged['data']).changes;
    return {
      eventId: stored.id,
      type,
      at: stored.metadata.occurredAt,
      userId: stored.metadata.userId,
      userName: stored.metadata.userId ? (names.get(stored.metadata.userId) ?? null) : null,
      changes: Object.fromEntries(Object.entries(changes).map(([field, value]) => [field, value ?? null])),
    };
  });
}
