/**
 * The password policy (specification 002): at least 8 characters (at most
 * 1,024: hashing is costly, and a bound keeps it so), with a lowercase
 * letter, an uppercase letter and a digit; the repeat must match, and the new
 * password must differ from the old one (checked against its hash by the
 * application, which alone can verify it). Pure: the screens show the same
 * rules live, and the server refuses what they refuse.
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 1024;

/** One rule of the policy, named as the screens name it. */
export type PasswordRule = 'length' | 'lowercase' | 'uppercase' | 'digit';

export const PASSWORD_RULES: readonly PasswordRule[] = ['length', 'lowercase', 'uppercase', 'digit'];

/** Whether `password` meets each rule (the screens tick them as the user types). */
export function passwordRules(password: string): Record<PasswordRule, boolean> {
  const length = [...password].length;
  return {
    length: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH,
    // Unicode letters count: "é" is a lowercase letter, "É" an uppercase one.
    lowercase: /\p{Ll}/u.test(password),
    uppercase: /\p{Lu}/u.test(password),
    digit: /\p{Nd}/u.test(password),
  };
}

/** The rules `password` fails, in the policy's order; empty when it is strong enough. */
export function failedPasswordRules(password: string): PasswordRule[] {
  const met = passwordRules(password);
  return PASSWORD_RULES.filter((rule) => !met[rule]);
}

/** Why a new password is refused, with the stable code the API answers. */
export type PasswordRefusal =
  | { code: 'PASSWORD_TOO_WEAK'; failed: PasswordRule[] }
  | { code: 'PASSWORD_REPEAT_MISMATCH' }
  | { code: 'PASSWORD_SAME_AS_OLD' };

/**
 * Checks a new password and its repeat; `sameAsOld` is whether it equals the
 * current one (the application verifies it against the stored hash; false
 * when there is none). The first refusal, or null when it is accepted.
 */
export function checkNewPassword(input: { password: string; repeat: string; sameAsOld: boolean }): PasswordRefusal | null {
  const failed = failedPasswordRules(input.password);
  if (failed.length > 0) return { code: 'PASSWORD_TOO_WEAK', failed };
  if (input.password !== input.repeat) return { code: 'PASSWORD_REPEAT_MISMATCH' };
  if (input.sameAsOld) return { code: 'PASSWORD_SAME_AS_OLD' };
  return null;
}
