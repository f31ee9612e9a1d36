import { describe, expect, it } from 'vitest';
import { domainErrorOf } from '../shared/test-support.js';
import { ITEM_CODE_LENGTHS, parseItemCode } from './item-code.js';

/** A 13-digit buyback code whose last digit is its GS1 check digit. */
const VALID_13 = '2611042173058';

describe('parseItemCode', () => {
  it('reads a 13-digit code with a valid check digit as an identification number', () => {
    expect(parseItemCode(VALID_13)).toEqual({ kind: 'identification_number', value: VALID_13 });
  });

  it('reads 8 digits as a short code (the last 8 digits of an identification number)', () => {
    expect(parseItemCode('42173058')).toEqual({ kind: 'short_code', value: '42173058' });
  });

  it('reads 8 letters and digits as a short code, in capitals', () => {
    expect(parseItemCode('ab12cd34')).toEqual({ kind: 'short_code', value: 'AB12CD34' });
  });

  it('drops the spaces a screen prints codes with, and those around', () => {
    expect(parseItemCode(' 2 611042 173058 ')).toEqual({ kind: 'identification_number', value: VALID_13 });
    expect(parseItemCode('4217 3058')).toEqual({ kind: 'short_code', value: '42173058' });
    expect(parseItemCode('4217\t3058\n')).toEqual({ kind: 'short_code', value: '42173058' });
  });

  it.each(['', '   ', '\t'])('refuses %j with ITEM_CODE_REQUIRED', (raw) => {
    expect(domainErrorOf(() => parseItemCode(raw)).code).toBe('ITEM_CODE_REQUIRED');
  });

  it('refuses what is not a string with ITEM_CODE_REQUIRED', () => {
    expect(domainErrorOf(() => parseItemCode(undefined as unknown as string)).code).toBe('ITEM_CODE_REQUIRED');
  });

  it.each(['1234567', '123456789', '261104217305', '26110421730589'])('refuses %s with ITEM_CODE_LENGTH and the lengths allowed', (raw) => {
    const error = domainErrorOf(() => parseItemCode(raw));
    expect({ code: error.code, details: error.details }).toEqual({ code: 'ITEM_CODE_LENGTH', details: { lengths: [8, 13] } });
  });

  it('allows the lengths of the specification: 8 or 13', () => {
    expect([...ITEM_CODE_LENGTHS]).toEqual([8, 13]);
  });

  it.each(['261104217305A', '2611-42173058', 'ABCDEFGHIJKLM'])('refuses 13 characters that are not all digits (%s) with ITEM_CODE_INVALID', (raw) => {
    const error = domainErrorOf(() => parseItemCode(raw));
    expect({ code: error.code, details: error.details }).toEqual({ code: 'ITEM_CODE_INVALID', details: { value: raw } });
  });

  it.each(['4217-305', 'ABCD_123', 'éèàç1234'])('refuses 8 characters that are not letters and digits (%s) with ITEM_CODE_INVALID', (raw) => {
    expect(domainErrorOf(() => parseItemCode(raw)).code).toBe('ITEM_CODE_INVALID');
  });

  it('refuses 13 digits whose check digit is wrong with ITEM_CODE_NOT_RECOGNISED: no item can have that code', () => {
    const error = domainErrorOf(() => parseItemCode('2611042173059'));
    expect({ code: error.code, details: error.details }).toEqual({ code: 'ITEM_CODE_NOT_RECOGNISED', details: { code: '2611042173059' } });
  });
});
