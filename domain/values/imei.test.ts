import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import fc from 'fast-check';
import { imeiMatchesTac, isLuhnValid, luhnCheckDigit, parseImei, parseTacCodes } from './imei.js';


const digits = (length: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: length, maxLength: length }).map((d) => d.join(''));

/** A 15-digit IMEI with a correct check digit. */
const validImei = digits(14).map((payload) => `${payload}${luhnCheckDigit(payload)}`);

/** Replaces the digit at `index` by a different one. */
function changeDigit(value: string, index: number, shift: number): string {
  const d = (Number(value[index]) + shift) % 10;
  return value.slice(0, index) + String(d) + value.slice(index + 1);
}

describe('Luhn check digit', () => {
  it('computes the published examples', () => {
    // Wikipedia "Luhn algorithm": 7992739871 → check digit 3.
    expect(luhnCheckDigit('7992739871')).toBe(3);
    // Wikipedia "IMEI": 49015420323751 → check digit 8.
    expect(luhnCheckDigit('49015420323751')).toBe(8);
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('79927398710')).toBe(false);
  });

  it('refuses input that is not digits', () => {
    expect(errorOf(() => luhnCheckDigit('12a4')).code).toBe('LUHN_INPUT_NOT_NUMERIC');
    expect(errorOf(() => luhnCheckDigit('')).code).toBe('LUHN_INPUT_NOT_NUMERIC');
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('12 3')).toBe(false);
  });

  it('makes every payload followed by its check digit valid', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 30 }).chain(digits), (payload) => {
      expect(isLuhnValid(`${payload}${luhnCheckDigit(payload)}`)).toBe(true);
    }));
  });

  it('detects any single changed digit', () => {
    fc.assert(
      fc.property(validImei, fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 9 }), (imei, index, shift) => {
        expect(isLuhnValid(changeDigit(imei, index, shift))).toBe(false);
      }),
    );
  });
});

describe('parseImei', () => {
  it('accepts published IMEIs and exposes their TAC', () => {
    // Wikipedia "IMEI" examples: 49-015420-323751-8 and 35-209900-176148-1.
    expect(parseImei('490154203237518')).toEqual({ value: '490154203237518', tac: '49015420' });
    expect(parseImei('352099001761481')).toEqual({ value: '352099001761481', tac: '35209900' });
  });

  it('trims surrounding spaces', () => {
    expect(parseImei('  490154203237518 ').value).toBe('490154203237518');
  });

  it('accepts every generated valid 15-digit IMEI', () => {
    fc.assert(fc.property(validImei, (imei) => {
      expect(parseImei(imei)).toEqual({ value: imei, tac: imei.slice(0, 8) });
    }));
  });

  it('refuses a 15-digit IMEI with any one digit changed', () => {
    fc.assert(
      fc.property(validImei, fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 9 }), (imei, index, shift) => {
        expect(errorOf(() => parseImei(changeDigit(imei, index, shift))).code).toBe('IMEI_CHECK_DIGIT_INVALID');
      }),
    );
  });

  it('accepts any 16-digit IMEISV, which has no check digit', () => {
    // Given an IMEISV: TAC + serial number + 2-digit software version
    fc.assert(fc.property(digits(16), (imeisv) => {
      // Then it is accepted whatever its digits
      expect(parseImei(imeisv)).toEqual({ value: imeisv, tac: imeisv.slice(0, 8) });
    }));
  });

  it('reads 17 digits as a Luhn-checked IMEI followed by a software version', () => {
    expect(parseImei('49015420323751801').value).toBe('49015420323751801');
    expect(errorOf(() => parseImei('49015420323751701')).code).toBe('IMEI_CHECK_DIGIT_INVALID');
    fc.assert(fc.property(validImei, digits(2), (imei, svn) => {
      expect(parseImei(imei + svn).tac).toBe(imei.slice(0, 8));
    }));
  });

  it('requires a value', () => {
    expect(errorOf(() => parseImei('')).code).toBe('IMEI_REQUIRED');
    expect(errorOf(() => parseImei('   ')).code).toBe('IMEI_REQUIRED');
  });

  it('refuses anything but digits, before looking at the length', () => {
    expect(errorOf(() => parseImei('49-015420-323751-8')).code).toBe('IMEI_NOT_NUMERIC');
    expect(errorOf(() => parseImei('4901542032375l8')).code).toBe('IMEI_NOT_NUMERIC');
    expect(errorOf(() => parseImei('12a')).code).toBe('IMEI_NOT_NUMERIC');
  });

  it('has separate messages for too short and too long', () => {
    const short = errorOf(() => parseImei('49015420323751'));
    expect(short).toMatchObject({ code: 'IMEI_TOO_SHORT', details: { min: 15 } });
    const long = errorOf(() => parseImei('490154203237518012'));
    expect(long).toMatchObject({ code: 'IMEI_TOO_LONG', details: { max: 17 } });
  });
});

describe('TAC codes', () => {
  it('parses a comma-separated list, trimming spaces and ignoring empty entries', () => {
    expect(parseTacCodes('35209900, 49015420 ,01234567,')).toEqual(['35209900', '49015420', '01234567']);
    expect(parseTacCodes('')).toEqual([]);
    expect(parseTacCodes('  ')).toEqual([]);
    expect(parseTacCodes('35209900,35209900')).toEqual(['35209900']);
  });

  it('names the offending value', () => {
    expect(errorOf(() => parseTacCodes('35209900,4901542'))).toMatchObject({
      code: 'TAC_CODE_INVALID',
      details: { value: '4901542' },
    });
    expect(errorOf(() => parseTacCodes('3520990A'))).toMatchObject({ details: { value: '3520990A' } });
    expect(errorOf(() => parseTacCodes('352099001'))).toMatchObject({ details: { value: '352099001' } });
  });

  it('matches an IMEI against the TAC codes of a model', () => {
    // Given a model with two TAC codes
    const tacCodes = parseTacCodes('35209900,35209901');
    // When IMEIs are checked against them
    // Then only the IMEI whose first 8 digits are listed matches
    expect(imeiMatchesTac(parseImei('352099001761481'), tacCodes)).toBe(true);
    expect(imeiMatchesTac(parseImei('490154203237518'), tacCodes)).toBe(false);
    expect(imeiMatchesTac(parseImei('352099001761481'), [])).toBe(false);
  });

  it('matches every IMEI against its own TAC', () => {
    fc.assert(fc.property(validImei, (raw) => {
      const imei = parseImei(raw);
      expect(imeiMatchesTac(imei, parseTacCodes(`00000000,${raw.slice(0, 8)}`))).toBe(true);
    }));
  });
});
