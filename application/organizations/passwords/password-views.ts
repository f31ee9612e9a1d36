/** What the password routes answer (see application/views/schema.ts). */
import { DateTime, StringEnum, Type, type Static } from '../../views/schema.js';

/** POST /password/renew: the same answer whether the e-mail is known or not. */
export const PasswordRenewAnswer = Type.Object({ accepted: Type.Literal(true) }, { title: 'PasswordRenewAnswer' });

/** GET /password/new/{token}: whose link it is (the first name only) and what it is for. */
export const PasswordLinkView = Type.Object(
  { firstname: Type.String(), purpose: StringEnum(['reset', 'invitation'] as const), expiresAt: DateTime },
  { title: 'PasswordLink' },
);
export type PasswordLinkView = Static<typeof PasswordLinkView>;

/** POST /password/new/{token}: the password is set; the e-mail to log in with. */
export const PasswordSetAnswer = Type.Object({ email: Type.String() }, { title: 'PasswordSetAnswer' });
