import type { Locale, UserModules } from '../../../domain/organizations/events.js';
import { normalizeEmail, userDecider, type AdminType, type UserCommand, type UserStatus } from '../../../domain/organizations/user/user.js';
import { userEmailDecider, type UserEmailCommand } from '../../../domain/organizations/user/email-reservation.js';
import { handleTogether, onStream } from '../../commands/handle-together.js';
import { defineCommand, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { isPlatformStaff } from '../principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../read-models.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import { refuseEmailOfAnother, userEmailStream, userFacts, userMetadata, type UserActor, type UserPorts } from './user-ports.js';

export interface CreateUserInput {
  firstname: string;
  lastname: string;
  email: string;
  /** Active unless said otherwise. */
  status?: UserStatus;
  /** The language of their e-mails and screens; the retailer's by default. */
  locale?: Locale;
  /** A client user's role and parent entity per module (at least one); none for an admin user. */
  modules?: UserModules;
  /** Provider staff only (`user.assign_admin`): an admin user, bound to no account. */
  adminType?: AdminType | null;
  /** Needs `user.force_sso` to be set. */
  forceSso?: boolean;
  /**
   * The retailer: the actor's own; provider staff name it, or it is the
   * account of the entities the modules name.
   */
  accountId?: string | null;
  /** A chosen id (an import's row); else one derived from the Idempotency-Key, else a new one. */
  userId?: string;
}

export type UserOutcome = CommandOutcome<UserStatus>;

/**
 * A new user, without a password (an invitation e-mail lets them set one).
 * The e-mail is unique across the platform even under a race: its
 * reservation stream is appended with the user's in one atomic append, each
 * at the revision read, so of two creations with one address exactly one is
 * written and the other answers 409 USER_EMAIL_TAKEN. Who may create what is
 * the user's rules (domain/organizations/user/user.ts); the caller checks
 * the permission to create users at all (`user.manage`, `user.import`).
 */
export async function createUser(deps: UserPorts, input: CreateUserInput, actor: UserActor): Promise<UserOutcome> {
  const principal = actor.principal;
  const adminType = input.adminType ?? null;
  const accountId = adminType !== null && isPlatformStaff(principal) ? null : await accountOf(deps, input, actor);
  const facts = await userFacts(deps.documents, principal, input.modules);
  const account = accountId ? await deps.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId) : null;
  const userId = input.userId ?? (actor.idempotency ? idFromIdempotencyKey(actor.idempotency.key) : deps.ids.uuid());
  const email = normalizeEmail(String(input.email ?? ''));
  const command: UserCommand = {
    type: 'RegisterUser',
    data: {
      userId,
      accountId,
      facts,
      profile: {
        email,
        firstname: input.firstname,
        lastname: input.lastname,
        status: input.status ?? 'active',
        locale: input.locale ?? account?.language ?? 'fr-FR',
        adminType,
        modules: input.modules ?? {},
        forceSso: input.forceSso ?? false,
      },
    },
  };
  // The rules first (a bad e-mail is a field error, not a reservation), then the address's holder in the read model.
  userDecider.decide(command, null);
  await refuseEmailOfAnother(deps.documents, email, userId);
  const reserve: UserEmailCommand = { type: 'ReserveUserEmail', data: { email, userId } };
  const [result] = await handleTogether(
    deps.eventStore,
    [onStream(ORGANIZATION_STREAMS.user.name(userId), userDecider, command), onStream(userEmailStream(email), userEmailDecider, reserve)],
    { metadata: userMetadata(deps, actor, accountId), newEventId: () => deps.ids.uuid() },
  );
  return { id: userId, status: input.status ?? 'active', revision: result?.revision ?? 0, position: result?.position ?? null };
}

/** The account a client user joins: the actor's; provider staff's named one, else their entities'. */
async function accountOf(deps: UserPorts, input: CreateUserInput, actor: UserActor): Promise<string> {
  const own = actor.principal.accountId;
  if (own !== null) {
    if (input.accountId && input.accountId !== own) throw new ApplicationError('ACCOUNT_NOT_ALLOWED', { accountId: input.accountId });
    return own;
  }
  if (input.accountId) {
    const account = await deps.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(input.accountId);
    if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId: input.accountId });
    return account._id;
  }
  const facts = await userFacts(deps.documents, actor.principal, input.modules);
  const first = Object.values(facts.entities)[0];
  if (!first) throw new ApplicationError('ACCOUNT_REQUIRED');
  return first.accountId;
}

/** POST /users: `user.manage`. */
export const createUserCommand = defineCommand<UserPorts, CreateUserInput, UserOutcome>({
  name: 'CreateUser',
  permission: 'user.manage',
  run: (deps, context, input) => createUser(deps, input, context),
});
