import { DomainError } from '../shared/domain-error.js';
import { gs1CheckDigit } from '../values/gtin.js';

/**
 * A code typed or scanned at the warehouse (specification 001 §5: an item
 * code has 8 or 13 characters; the 13-digit buyback code works too). Spaces
 * are dropped: screens print codes in groups. Checks, in order:
 * `ITEM_CODE_REQUIRED`, `ITEM_CODE_LENGTH` ({ lengths: [8, 13] }),
 * `ITEM_CODE_INVALID` (8 characters that are not letters and digits, or 13
 * that are not digits), `ITEM_CODE_NOT_RECOGNISED` for a 13-digit code whose
 * check digit is wrong (no item can have it).
 */
export type ItemCode = { kind: 'identification_number'; value: string } | { kind: 'short_code'; value: string };

export const ITEM_CODE_LENGTHS = [8, 13] as const;

export function parseItemCode(raw: string): ItemCode {
  const value = (typeof raw === 'string' ? raw : '').replace(/\s+/g, '');
  if (value === '') throw new DomainError('ITEM_CODE_REQUIRED');
  if (value.length === 13) {
    if (!/^[0-9]{13}$/.test(value)) throw new DomainError('ITEM_CODE_INVALID', { value });
    if (gs1CheckDigit(value.slice(0, -1)) !== Number(value.slice(-1))) throw new DomainError('ITEM_CODE_NOT_RECOGNISED', { code: value });
    return { kind: 'identification_number', value };
  }
  if (value.length === 8) {
    if (!/^[A-Za-z0-9]{8}$/.test(value)) throw new DomainError('ITEM_CODE_INVALID', { value });
    return { kind: 'short_code', value: value.toUpperCase() };
  }
  throw new DomainError('ITEM_CODE_LENGTH', { lengths: [...ITEM_CODE_LENGTHS] });
}
