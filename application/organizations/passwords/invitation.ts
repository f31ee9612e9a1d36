/**
 * The invitation of a new user (or a new invitation): a single-use link to
 * set their first password (`/dashboard/new/password?token=…`, accepting the
 * terms and privacy policy), e-mailed in their language, and UserInvited on
 * their stream. The users and import parts call `sendInvitation` after
 * creating a user.
 */
import type { Locale } from '../../../domain/organizations/events.js';
import { ApplicationError } from '../../commands/errors.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../read-models.js';
import { issuePasswordLink } from './password-links.js';
import { appendUserFact, type PasswordActor, type PasswordPorts } from './password-ports.js';

export const INVITATION_MAIL = 'user_invitation';

export interface InvitationOutcome {
  /** False for a user who signs in only with SSO (no password to set: nothing is sent nor written). */
  invited: boolean;
  expiresAt: string | null;
  /** Whether the e-mail left (a failed delivery is logged; the invitation can be sent again). */
  delivered: boolean;
  /** Global position of UserInvited, for an answer that waits for the read models. */
  position: number | null;
}

/**
 * Invites the user: USER_NOT_FOUND when there is no such user (read from the
 * users read model, so a user just created must be projected first: wait for
 * its command's position). `actor` is the administrator who invites.
 */
export async function sendInvitation(
  deps: Pick<PasswordPorts, 'eventStore' | 'documents' | 'clock' | 'ids' | 'mailer' | 'linkConfig' | 'dashboardUrl'>,
  userId: string,
  locale: Locale,
  actor: PasswordActor = { userId: null },
): Promise<InvitationOutcome> {
  const user = await deps.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).get(userId);
  if (!user) throw new ApplicationError('USER_NOT_FOUND', { userId });
  if (user.forceSso) return { invited: false, expiresAt: null, delivered: false, position: null };
  const { token, expiresAt } = await issuePasswordLink(deps, userId, 'invitation');
  const position = await appendUserFact(deps, user, { type: 'UserInvited', data: { userId, expiresAt } }, actor);
  const delivery = await deps.mailer.send({
    to: user.email,
    template: INVITATION_MAIL,
    locale,
    params: { firstname: user.firstname, link: `${deps.dashboardUrl}/new/password?token=${encodeURIComponent(token)}`, expiresAt },
  });
  return { invited: true, expiresAt, delivered: delivery.delivered, position };
}
