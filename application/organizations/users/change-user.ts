import type { UserChanges } from '../../../domain/organizations/events.js';
import { normalizeEmail, userDecider, type UserCommand, type UserStatus } from '../../../domain/organizations/user/user.js';
import { userEmailDecider } from '../../../domain/organizations/user/email-reservation.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
import { defineCommand } from '../../commands/command-slice.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import type { UserOutcome } from './create-user.js';
import { endSessionsOf } from './end-sessions.js';
import { refuseEmailOfAnother, userEmailStream, userFacts, userMetadata, visibleUser, type UserActor, type UserPorts } from './user-ports.js';

export interface ChangeUserInput {
  userId: string;
  /** What the body names (a merge-patch: what it leaves out stays as it was). */
  changes: UserChanges;
  /** Why, shown in the history. */
  reason?: string | null;
}

/**
 * Changes what the patch names of a user the actor may see (another
 * tenant's user is USER_NOT_FOUND). A new e-mail is reserved, and the old one
 * released, in the same atomic append. Writes only the fields that changed.
 * A user made inactive, or left without a module, loses their sessions at
 * once.
 */
export async function changeUser(deps: UserPorts, input: ChangeUserInput, actor: UserActor): Promise<UserOutcome> {
  const user = await visibleUser(deps.documents, actor.principal, input.userId);
  const changes: UserChanges = { ...input.changes };
  if (typeof changes.email === 'string') changes.email = normalizeEmail(changes.email);
  const facts = await userFacts(deps.documents, actor.principal, changes.modules ?? user.modules);
  const command: UserCommand = { type: 'ChangeUser', data: { userId: user._id, changes, reason: input.reason ?? null, facts } };
  const decisions: StreamDecision[] = [onStream(ORGANIZATION_STREAMS.user.name(user._id), userDecider, command)];
  const newEmail = changes.email !== undefined && changes.email !== user.email ? changes.email : null;
  if (newEmail !== null) {
    // The rules first (a bad address is a field error), then whether another user holds it.
    userDecider.decide(command, { userId: user._id, accountId: user.accountId, profile: profileOf(user) });
    await refuseEmailOfAnother(deps.documents, newEmail, user._id);
    decisions.push(
      onStream(userEmailStream(newEmail), userEmailDecider, { type: 'ReserveUserEmail', data: { email: newEmail, userId: user._id } }),
      onStream(userEmailStream(user.email), userEmailDecider, { type: 'ReleaseUserEmail', data: { email: user.email, userId: user._id } }),
    );
  }
  const [result] = await handleTogether(deps.eventStore, decisions, {
    metadata: userMetadata(deps, actor, user.accountId),
    newEventId: () => deps.ids.uuid(),
    ...(actor.expectedRevision === undefined ? {} : { expectedRevision: actor.expectedRevision }),
  });
  const state = result?.state as { profile: { status: UserStatus; modules: object; adminType: string | null } } | null;
  const status = state?.profile.status ?? user.status;
  const noModule = state !== null && state !== undefined && state.profile.adminType === null && Object.keys(state.profile.modules).length === 0;
  if ((result?.events.length ?? 0) > 0 && (status === 'inactive' || noModule)) await endSessionsOf(deps.documents, user._id);
  return { id: user._id, status, revision: result?.revision ?? 0, position: result?.position ?? null };
}

function profileOf(user: Awaited<ReturnType<typeof visibleUser>>) {
  return {
    email: user.email,
    firstname: user.firstname,
    lastname: user.lastname,
    status: user.status,
    locale: user.locale,
    adminType: user.adminType,
    modules: user.modules,
    forceSso: user.forceSso ?? false,
  };
}

/** PATCH /users/{id}: `user.manage`. */
export const changeUserCommand = defineCommand<UserPorts, ChangeUserInput, UserOutcome>({
  name: 'ChangeUser',
  permission: 'user.manage',
  run: (deps, context, input) => changeUser(deps, input, context),
});
