import { describe, expect, it } from 'vitest';
import { checkNewPassword, failedPasswordRules, passwordRules, PASSWORD_MAX_LENGTH } from './password-policy.js';

describe('password policy', () => {
  it('accepts 8 characters with a lowercase letter, an uppercase letter and a digit', () => {
    expect(failedPasswordRules('Abcdefg1')).toEqual([]);
    expect(checkNewPassword({ password: 'Abcdefg1', repeat: 'Abcdefg1', sameAsOld: false })).toBeNull();
  });

  it('names each rule a password fails, in order', () => {
    expect(failedPasswordRules('Abcdef1')).toEqual(['length']);
    expect(failedPasswordRules('ABCDEFG1')).toEqual(['lowercase']);
    expect(failedPasswordRules('abcdefg1')).toEqual(['uppercase']);
    expect(failedPasswordRules('Abcdefgh')).toEqual(['digit']);
    expect(failedPasswordRules('')).toEqual(['length', 'lowercase', 'uppercase', 'digit']);
  });

  it('counts characters, not UTF-16 units, and knows accented letters', () => {
    expect(passwordRules('Éééééé1😀')).toEqual({ length: true, lowercase: true, uppercase: true, digit: true });
    expect(failedPasswordRules('Ab1😀😀😀😀')).toEqual(['length']);
  });

  it('is bounded: more than 1024 characters fails the length rule', () => {
    const long = 'Aa1' + 'x'.repeat(PASSWORD_MAX_LENGTH - 3);
    expect(failedPasswordRules(long)).toEqual([]);
    expect(failedPasswordRules(long + 'x')).toEqual(['length']);
  });

  it('refuses a weak password first, then a repeat that differs, then the old password', () => {
    expect(checkNewPassword({ password: 'weak', repeat: 'other', sameAsOld: true })).toEqual({
      code: 'PASSWORD_TOO_WEAK',
      failed: ['length', 'uppercase', 'digit'],
    });
    expect(checkNewPassword({ password: 'Abcdefg1', repeat: 'Abcdefg2', sameAsOld: true })).toEqual({ code: 'PASSWORD_REPEAT_MISMATCH' });
    expect(checkNewPassword({ password: 'Abcdefg1', repeat: 'Abcdefg1', sameAsOld: true })).toEqual({ code: 'PASSWORD_SAME_AS_OLD' });
  });
});
