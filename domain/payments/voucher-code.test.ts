import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { domainErrorOf } from '../shared/test-support.js';
import { formatVoucherCode, isValidVoucherCode, VOUCHER_CODE_LENGTH, VOUCHER_RANDOM_DIGITS, voucherCode } from './voucher-code.js';

const randomDigits = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: VOUCHER_RANDOM_DIGITS, maxLength: VOUCHER_RANDOM_DIGITS }).map((d) => d.join(''));

describe('voucher codes', () => {
  it('given random digits, when a code is made, then it is those digits followed by two check digits, and it is valid', () => {
    fc.assert(
      fc.property(randomDigits, (digits) => {
        const code = voucherCode(digits);
        expect(code).toHaveLength(VOUCHER_CODE_LENGTH);
        expect(code.startsWith(digits)).toBe(true);
        expect(isValidVoucherCode(code)).toBe(true);
      }),
    );
  });

  it('computes the ISO 7064 MOD 97-10 check digits (a worked example: 98 - (n·100 mod 97))', () => {
    // 00000000000001 00 mod 97 = 100 mod 97 = 3 → 98 - 3 = 95
    expect(voucherCode('00000000000001')).toBe('0000000000000195');
    // 0 → 98 - 0 = 98
    expect(voucherCode('00000000000000')).toBe('0000000000000098');
  });

  it('detects every single mistyped digit', () => {
    fc.assert(
      fc.property(randomDigits, (digits) => {
        const code = voucherCode(digits);
        for (let position = 0; position < code.length; position++) {
          for (let digit = 0; digit <= 9; digit++) {
            if (String(digit) === code[position]) continue;
            const mistyped = code.slice(0, position) + String(digit) + code.slice(position + 1);
            expect(isValidVoucherCode(mistyped), mistyped).toBe(false);
          }
        }
      }),
    );
  });

  it('detects every swap of two neighbouring different digits, the check digits included', () => {
    fc.assert(
      fc.property(randomDigits, (digits) => {
        const code = voucherCode(digits);
        for (let position = 0; position + 1 < code.length; position++) {
          const [a, b] = [code[position], code[position + 1]];
          if (a === b) continue;
          const swapped = code.slice(0, position) + b + a + code.slice(position + 2);
          expect(isValidVoucherCode(swapped), swapped).toBe(false);
        }
      }),
    );
  });

  it('catches the swap Luhn misses: 09 ↔ 90', () => {
    const code = voucherCode('09000000000000');
    expect(isValidVoucherCode(`90${code.slice(2)}`)).toBe(false);
  });

  it('refuses a code of the wrong length or with other characters, and reads one typed in groups', () => {
    const code = voucherCode('12345678901234');
    expect(isValidVoucherCode(code.slice(1))).toBe(false);
    expect(isValidVoucherCode(`${code}0`)).toBe(false);
    expect(isValidVoucherCode(`A${code.slice(1)}`)).toBe(false);
    expect(isValidVoucherCode('')).toBe(false);
    expect(formatVoucherCode(code)).toBe(`${code.slice(0, 4)} ${code.slice(4, 8)} ${code.slice(8, 12)} ${code.slice(12)}`);
    expect(isValidVoucherCode(formatVoucherCode(code))).toBe(true);
    expect(isValidVoucherCode(code.replace(/(\d{4})(?=\d)/g, '$1-'))).toBe(true);
  });

  it('refuses random digits of the wrong length or not digits', () => {
    for (const digits of ['', '1234567890123', '123456789012345', '1234567890123a']) {
      expect(domainErrorOf(() => voucherCode(digits))).toMatchObject({ code: 'PAYMENT_VOUCHER_DIGITS_INVALID', details: { expectedDigits: VOUCHER_RANDOM_DIGITS } });
    }
  });
});
