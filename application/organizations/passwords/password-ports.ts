import type { EventMetadata, EventStore } from '../../ports/event-store.js';
import type { Mailer } from '../../ports/mailer.js';
import type { PasswordHasher } from '../../ports/security.js';
import { toNewEvent } from '../../events/codec.js';
import type { UserEvent } from '../../../domain/organizations/events.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import type { UserDocument } from '../read-models.js';
import type { PasswordLinkPorts } from './password-links.js';

/** What the password links, invitations and resets work with (infrastructure/modules/organizations/password-wiring.ts builds it). */
export interface PasswordPorts extends PasswordLinkPorts {
  eventStore: EventStore;
  mailer: Mailer;
  hasher: PasswordHasher;
  /** The dashboard's address, without a trailing slash (links e-mailed point into it). */
  dashboardUrl: string;
}

/** Who acts: the administrator who invites, or null for the user themselves (a reset) and the system. */
export interface PasswordActor {
  userId: string | null;
  correlationId?: string;
}

/** The metadata's tenant of provider staff, who belong to no retailer (as the seed and create-admin write it). */
const PLATFORM_TENANT = 'platform';

/**
 * Appends a fact about a user to their stream. These facts (a password set,
 * an invitation sent, a sign-in) depend on no earlier state of the stream,
 * so they are appended without a revision check: none can be refused by
 * another's concurrent change.
 */
export async function appendUserFact(
  deps: Pick<PasswordPorts, 'eventStore' | 'clock' | 'ids'>,
  user: Pick<UserDocument, '_id' | 'accountId'>,
  event: UserEvent,
  actor: PasswordActor,
): Promise<number> {
  const correlationId = actor.correlationId ?? deps.ids.uuid();
  const metadata: EventMetadata = {
    accountId: user.accountId ?? PLATFORM_TENANT,
    organizationId: null,
    userId: actor.userId,
    correlationId,
    causationId: null,
    occurredAt: deps.clock.now(),
  };
  const appended = await deps.eventStore.appendToStream(ORGANIZATION_STREAMS.user.name(user._id), [toNewEvent(event, deps.ids.uuid(), metadata)], 'any');
  return appended.lastGlobalPosition;
}
