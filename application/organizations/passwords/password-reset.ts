/**
 * Lost password and first password (POST /password/renew, GET|POST
 * /password/new/{token}): a reset e-mail for a known, active user who may
 * use a password; the link's details; the new password, checked against the
 * policy, which consumes the link once and ends the user's sessions.
 */
import { checkNewPassword } from '../../../domain/organizations/password-policy.js';
import { ApplicationError } from '../../commands/errors.js';
import { SESSIONS_COLLECTION, type Session } from '../auth-service.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../read-models.js';
import { consumePasswordLink, issuePasswordLink, openPasswordLink, type PasswordLinkPurpose } from './password-links.js';
import { appendUserFact, type PasswordPorts } from './password-ports.js';

export const RESET_MAIL = 'password_reset';

function users(deps: Pick<PasswordPorts, 'documents'>) {
  return deps.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
}

/**
 * Sends a reset link to the user with this e-mail when there is one who may
 * set a password (active, not bound to SSO); otherwise does nothing, and says
 * so only to the caller's logs (the answer must not tell which e-mails exist:
 * the route answers 202 before this runs). Answers whether a link was sent.
 */
export async function requestPasswordReset(deps: PasswordPorts, email: string): Promise<'sent' | 'unknown' | 'inactive' | 'force_sso'> {
  const [user] = await users(deps).find({ email: email.trim().toLowerCase() }, { limit: 1 });
  if (!user) return 'unknown';
  if (user.status !== 'active') return 'inactive';
  if (user.forceSso) return 'force_sso';
  const { token, expiresAt } = await issuePasswordLink(deps, user._id, 'reset');
  await deps.mailer.send({
    to: user.email,
    template: RESET_MAIL,
    locale: user.locale,
    params: {
      firstname: user.firstname,
      link: `${deps.dashboardUrl}/renew/${encodeURIComponent(token)}`,
      minutes: deps.linkConfig.resetTtlMinutes,
      expiresAt,
    },
  });
  return 'sent';
}

export interface PasswordLinkView {
  firstname: string;
  purpose: PasswordLinkPurpose;
  expiresAt: string;
}

/** The user a link sets the password of, or why it opens nothing. */
async function userOfLink(deps: Pick<PasswordPorts, 'documents' | 'clock'>, token: string) {
  const link = await openPasswordLink(deps, token);
  const user = await users(deps).get(link.userId);
  if (!user) throw new ApplicationError('PASSWORD_LINK_INVALID');
  if (user.forceSso) throw new ApplicationError('AUTH_SSO_REQUIRED');
  if (user.status !== 'active') throw new ApplicationError('AUTH_ACCOUNT_INACTIVE');
  return { link, user };
}

/** GET /password/new/{token}: whose link it is (first name only) and what for. */
export async function passwordLink(deps: Pick<PasswordPorts, 'documents' | 'clock'>, token: string): Promise<PasswordLinkView> {
  const { link, user } = await userOfLink(deps, token);
  return { firstname: user.firstname, purpose: link.purpose, expiresAt: link.expiresAt };
}

export interface NewPasswordInput {
  password: string;
  repeat: string;
  /** The terms and privacy policy, which an invitation's first password must accept. */
  acceptTerms?: boolean;
}

/**
 * POST /password/new/{token}: checks the password (policy, repeat, not the
 * old one), hashes it, consumes the link (the one of concurrent uses that
 * wins; the others answer PASSWORD_LINK_INVALID and write nothing), writes
 * UserPasswordSet and ends every session of the user. Answers the position
 * of the event, for an answer that waits for the read models (the user logs
 * in next).
 */
export async function setPasswordFromLink(deps: PasswordPorts, token: string, input: NewPasswordInput): Promise<{ position: number; email: string }> {
  const { link, user } = await userOfLink(deps, token);
  if (link.purpose === 'invitation' && input.acceptTerms !== true) throw new ApplicationError('PASSWORD_TERMS_NOT_ACCEPTED');
  const sameAsOld = user.passwordHash ? await deps.hasher.verify(user.passwordHash, input.password) : false;
  const refusal = checkNewPassword({ password: input.password, repeat: input.repeat, sameAsOld });
  if (refusal) throw new ApplicationError(refusal.code, refusal.code === 'PASSWORD_TOO_WEAK' ? { failed: refusal.failed } : {});
  const passwordHash = await deps.hasher.hash(input.password);
  if (!(await consumePasswordLink(deps, link))) throw new ApplicationError('PASSWORD_LINK_INVALID');
  const position = await appendUserFact(
    deps,
    user,
    { type: 'UserPasswordSet', data: { userId: user._id, passwordHash, reason: link.purpose === 'invitation' ? 'invitation' : 'reset' } },
    { userId: user._id },
  );
  await endSessionsOf(deps, user._id);
  return { position, email: user.email };
}

/** Ends every session of the user (whoever holds the old password, or a session opened with it, is out). */
export async function endSessionsOf(deps: Pick<PasswordPorts, 'documents'>, userId: string): Promise<number> {
  const sessions = deps.documents.collection<Session>(SESSIONS_COLLECTION);
  let ended = 0;
  for (const session of await sessions.find({ kind: 'user', userId }, { limit: 10_000 })) if (await sessions.delete(session._id)) ended += 1;
  return ended;
}
