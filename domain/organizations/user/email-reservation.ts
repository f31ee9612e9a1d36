import { DomainError } from '../../shared/domain-error.js';
import type { Decider } from '../../shared/decider.js';

/**
 * An e-mail address's reservation, one stream per normalized address: it
 * holds the user who owns the address. Appended in the same atomic append as
 * the user's registration (or e-mail change), each stream at the revision
 * read, so of two users created at once with one address exactly one is
 * written; the other decides again and is refused USER_EMAIL_TAKEN.
 */
export interface UserEmailReserved {
  type: 'UserEmailReserved';
  data: { email: string; userId: string };
}

/** A user's e-mail changed: their old address is free again. */
export interface UserEmailReleased {
  type: 'UserEmailReleased';
  data: { email: string; userId: string };
}

export type UserEmailEvent = UserEmailReserved | UserEmailReleased;

export type UserEmailCommand =
  | { type: 'ReserveUserEmail'; data: { email: string; userId: string } }
  | { type: 'ReleaseUserEmail'; data: { email: string; userId: string } };

/** The user holding the address, or null. */
export type UserEmailState = string | null;

export function decideUserEmail(command: UserEmailCommand, holder: UserEmailState): UserEmailEvent[] {
  const { email, userId } = command.data;
  switch (command.type) {
    case 'ReserveUserEmail':
      if (holder === userId) return [];
      if (holder !== null) throw new DomainError('USER_EMAIL_TAKEN', { field: 'email' });
      return [{ type: 'UserEmailReserved', data: { email, userId } }];
    case 'ReleaseUserEmail':
      return holder === userId ? [{ type: 'UserEmailReleased', data: { email, userId } }] : [];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

export const userEmailDecider: Decider<UserEmailState, UserEmailCommand, UserEmailEvent> = {
  initialState: () => null,
  evolve: (_holder, event) => (event.type === 'UserEmailReserved' ? event.data.userId : null),
  decide: decideUserEmail,
};
