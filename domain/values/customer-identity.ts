import { DomainError } from '../shared/domain-error.js';

export const IDENTITY_DOCUMENT_TYPES = ['driving_licence', 'identity_card', 'passport', 'residence_permit'] as const;
export type IdentityDocumentType = (typeof IDENTITY_DOCUMENT_TYPES)[number];

export const IDENTITY_NUMBER_BOUNDS = { min: 5, max: 20 } as const;
export const IDENTITY_AUTHORITY_BOUNDS = { min: 2, max: 255 } as const;

/** The identity document a seller shows when selling a device. */
export interface IdentityDocument {
  readonly type: IdentityDocumentType;
  /** Spaces removed, upper-cased. */
  readonly number: string;
  /** Trimmed. */
  readonly issuingAuthority: string;
  /** YYYY-MM-DD. */
  readonly deliveryDate: string;
}

export interface IdentityDocumentInput {
  readonly type: string;
  readonly number: string;
  readonly issuingAuthority: string;
  readonly deliveryDate: string;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/**
 * True for a real proleptic-Gregorian calendar date written YYYY-MM-DD
 * (year 0001 to 9999; 2024-02-29 yes, 2023-02-29 no). Computed, no Date.
 */
export function isCalendarDate(value: string): boolean {
  const match = typeof value === 'string' ? CALENDAR_DATE.exec(value) : null;
  if (!match) return false;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

/**
 * Validates an identity document. `today` (YYYY-MM-DD) comes in with the
 * command: the domain reads no clock. Codes: `IDENTITY_TYPE_INVALID`
 * ({allowed}), `IDENTITY_NUMBER_INVALID` ({min, max}; letters and digits
 * only once spaces are removed), `IDENTITY_AUTHORITY_INVALID` ({min, max},
 * after trimming), `IDENTITY_DELIVERY_DATE_INVALID` (not a real date, or
 * after `today`). A malformed `today` is a caller bug: `DATE_INVALID`.
 */
export function parseIdentityDocument(input: IdentityDocumentInput, today: string): IdentityDocument {
  if (!isCalendarDate(today)) {
    throw new DomainError('DATE_INVALID', { field: 'today', value: today });
  }

  const { type, number } = parseCustomerId(input);

  const issuingAuthority = typeof input.issuingAuthority === 'string' ? input.issuingAuthority.trim() : '';
  const authorityLength = [...issuingAuthority].length;
  if (authorityLength < IDENTITY_AUTHORITY_BOUNDS.min || authorityLength > IDENTITY_AUTHORITY_BOUNDS.max) {
    throw new DomainError('IDENTITY_AUTHORITY_INVALID', { ...IDENTITY_AUTHORITY_BOUNDS });
  }

  const deliveryDate = input.deliveryDate;
  // Valid YYYY-MM-DD strings compare chronologically as plain strings.
  if (!isCalendarDate(deliveryDate) || deliveryDate > today) {
    throw new DomainError('IDENTITY_DELIVERY_DATE_INVALID', { value: deliveryDate, today });
  }

  return { type, number, issuingAuthority, deliveryDate };
}

/** The customer's ID as the "customer ID collection" setting asks it: the document's type and number only. */
export interface CustomerId {
  readonly type: IdentityDocumentType;
  /** Spaces removed, upper-cased. */
  readonly number: string;
}

/**
 * The identity document's type and number, checked with the same rules as
 * the whole document (`IDENTITY_TYPE_INVALID`, `IDENTITY_NUMBER_INVALID`):
 * what the "customer ID collection" general setting asks when the whole
 * document (issuing authority, delivery date) is not required.
 */
export function parseCustomerId(input: { readonly type: string; readonly number: string }): CustomerId {
  const type = input.type;
  if (!(IDENTITY_DOCUMENT_TYPES as readonly unknown[]).includes(type)) {
    throw new DomainError('IDENTITY_TYPE_INVALID', { value: type, allowed: [...IDENTITY_DOCUMENT_TYPES] });
  }
  const number = (typeof input.number === 'string' ? input.number : '').replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z0-9]+$/.test(number) || number.length < IDENTITY_NUMBER_BOUNDS.min || number.length > IDENTITY_NUMBER_BOUNDS.max) {
    throw new DomainError('IDENTITY_NUMBER_INVALID', { ...IDENTITY_NUMBER_BOUNDS });
  }
  return { type: type as IdentityDocumentType, number };
}
