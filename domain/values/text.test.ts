import { describe, expect, it } from 'vitest';
import { domainErrorOf as errorOf } from '../shared/test-support.js';
import fc from 'fast-check';
import { TEXT_BOUNDS, requireText } from './text.js';


describe('requireText', () => {
  it('returns the trimmed text', () => {
    expect(requireText('lastName', '  Dupont ', TEXT_BOUNDS.default)).toBe('Dupont');
  });

  it('states the spec bounds', () => {
    expect(TEXT_BOUNDS).toEqual({
      default: { min: 2, max: 255 },
      address: { min: 2, max: 125 },
      city: { min: 2, max: 45 },
      comment: { min: 0, max: 255 },
    });
  });

  it('requires text when the minimum is above zero', () => {
    for (const raw of [undefined, null, '', '   ', 42, {}]) {
      expect(errorOf(() => requireText('city', raw, TEXT_BOUNDS.city))).toMatchObject({
        code: 'TEXT_REQUIRED',
        details: { field: 'city' },
      });
    }
  });

  it('lets an optional comment be empty', () => {
    expect(requireText('comment', undefined, TEXT_BOUNDS.comment)).toBe('');
    expect(requireText('comment', null, TEXT_BOUNDS.comment)).toBe('');
    expect(requireText('comment', '  ', TEXT_BOUNDS.comment)).toBe('');
  });

  it('refuses text out of bounds after trimming, naming the field and bounds', () => {
    // Given a city of one letter padded with spaces
    const error = errorOf(() => requireText('city', ' A ', TEXT_BOUNDS.city));
    // Then the length error names the field and its bounds
    expect(error).toMatchObject({ code: 'TEXT_LENGTH', details: { field: 'city', min: 2, max: 45 } });
    expect(requireText('city', 'x'.repeat(45), TEXT_BOUNDS.city)).toHaveLength(45);
    expect(errorOf(() => requireText('city', 'x'.repeat(46), TEXT_BOUNDS.city)).code).toBe('TEXT_LENGTH');
    expect(requireText('address', 'x'.repeat(125), TEXT_BOUNDS.address)).toHaveLength(125);
    expect(errorOf(() => requireText('address', 'x'.repeat(126), TEXT_BOUNDS.address)).code).toBe('TEXT_LENGTH');
    expect(errorOf(() => requireText('comment', 'x'.repeat(256), TEXT_BOUNDS.comment)).code).toBe('TEXT_LENGTH');
  });

  it('counts characters, not UTF-16 units', () => {
    // 45 emoji are 90 UTF-16 code units but 45 characters
    expect(requireText('city', '😀'.repeat(45), TEXT_BOUNDS.city)).toBe('😀'.repeat(45));
  });

  it('accepts exactly the trimmed lengths within bounds', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme-ascii', maxLength: 60 }), (raw) => {
        const length = raw.trim().length;
        if (length >= 2 && length <= 45) {
          expect(requireText('city', raw, TEXT_BOUNDS.city)).toBe(raw.trim());
        } else {
          expect(['TEXT_REQUIRED', 'TEXT_LENGTH']).toContain(errorOf(() => requireText('city', raw, TEXT_BOUNDS.city)).code);
        }
      }),
    );
  });
});
