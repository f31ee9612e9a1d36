import isEmailModule from 'validator/lib/isEmail.js';
import isISO31661Alpha2Module from 'validator/lib/isISO31661Alpha2.js';
import isPostalCodeModule, { locales as postalCodeLocales, type PostalCodeLocale } from 'validator/lib/isPostalCode.js';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { parseIban } from '../../domain/values/iban.js';
import { hasPostalCodeRule, parsePostalCode } from '../../domain/values/postal-code.js';
import { parseCustomerId, parseIdentityDocument } from '../../domain/values/customer-identity.js';
import { requireText, TEXT_BOUNDS } from '../../domain/values/text.js';
import type { CustomerData } from './read-models.js';

export interface CustomerInput {
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
  phone?: unknown;
  street?: unknown;
  streetComplement?: unknown;
  city?: unknown;
  zipCode?: unknown;
  country?: unknown;
  iban?: unknown;
  identity?: { type?: unknown; number?: unknown; issuingAuthority?: unknown; deliveryDate?: unknown } | null;
}

export interface FieldError {
  field: string;
  code: string;
  [key: string]: unknown;
}

export interface CustomerRules {
  ibanRequired: boolean;
  identityRequired: boolean;
  /**
   * The "customer ID collection" general setting: the identity document's
   * type and number are asked (CUSTOMER_ID_REQUIRED without them) even when
   * the whole document (`identityRequired`) is not. Absent: false.
   */
  idCollected?: boolean;
  /** YYYY-MM-DD, for the identity document's delivery date. */
  today: string;
}

/**
 * validator's per-function modules (the storefront bundles only these, not
 * the whole library) are CommonJS: bundlers hand over `exports.default`, Node
 * hands over `module.exports`, which for some of them is an object holding it.
 */
function cjsDefault<F>(module: F | { default: F }): F {
  return typeof module === 'function' ? module : (module as { default: F }).default;
}
const isEmail = cjsDefault(isEmailModule);
const isISO31661Alpha2 = cjsDefault(isISO31661Alpha2Module);
const isPostalCode = cjsDefault(isPostalCodeModule);

/**
 * The specification's customer-information rules (section 5). Collects every
 * field error instead of stopping at the first, so a form can show them all.
 */
export function validateCustomer(input: CustomerInput, rules: CustomerRules): { customer: CustomerData } | { errors: FieldError[] } {
  const errors: FieldError[] = [];
  const field = <T>(name: string, read: () => T): T | null => {
    try {
      return read();
    } catch (error) {
      if (error instanceof DomainError) {
        errors.push({ ...error.details, field: `customer.${name}`, code: error.code });
        return null;
      }
      throw error;
    }
  };
  const str = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

  const firstName = field('firstName', () => requireText('firstName', input.firstName, TEXT_BOUNDS.default));
  const lastName = field('lastName', () => requireText('lastName', input.lastName, TEXT_BOUNDS.default));
  const street = field('street', () => requireText('street', input.street, TEXT_BOUNDS.address));
  const streetComplement = field('streetComplement', () =>
    str(input.streetComplement) === '' ? null : requireText('streetComplement', input.streetComplement, { min: 0, max: TEXT_BOUNDS.address.max }),
  );
  const city = field('city', () => requireText('city', input.city, TEXT_BOUNDS.city));
  const email = field('email', () => {
    const value = str(input.email).toLowerCase();
    if (value === '') throw new DomainError('EMAIL_REQUIRED');
    if (!isEmail(value) || value.length > 255) throw new DomainError('EMAIL_INVALID');
    return value;
  });
  const country = field('country', () => {
    const value = str(input.country).toUpperCase();
    if (value === '') throw new DomainError('COUNTRY_REQUIRED');
    if (!isISO31661Alpha2(value)) throw new DomainError('COUNTRY_INVALID');
    return value;
  });
  const phone = field('phone', () => {
    const value = str(input.phone);
    if (value === '') throw new DomainError('PHONE_REQUIRED');
    const parsed = parsePhoneNumberFromString(value, 'FR');
    if (!parsed?.isValid()) throw new DomainError('PHONE_INVALID');
    return parsed.number;
  });
  const zipCode = field('zipCode', () => {
    // France (overseas included), Monaco, Belgium, the Netherlands, Germany and Luxembourg: the domain's exact
    // rule, which stores the national form ("L-1009" → "1009", "1012js" → "1012 JS"). Elsewhere validator's
    // pattern for the country (any country's pattern when it has none), stored as typed, trimmed and upper-cased.
    if (country && hasPostalCodeRule(country)) return parsePostalCode(str(input.zipCode), country);
    const value = str(input.zipCode).toUpperCase();
    if (value === '') throw new DomainError('ZIP_CODE_REQUIRED');
    const locale = country && (postalCodeLocales as readonly string[]).includes(country) ? country : 'any';
    if (!isPostalCode(value, locale as PostalCodeLocale)) throw new DomainError('ZIP_CODE_INVALID', { country });
    return value;
  });
  const iban = field('iban', () => {
    if (str(input.iban) === '') {
      if (rules.ibanRequired) throw new DomainError('IBAN_REQUIRED');
      return null;
    }
    return parseIban(str(input.iban)).value;
  });
  const idOnly = (identity: NonNullable<CustomerInput['identity']>) =>
    !rules.identityRequired && rules.idCollected === true && str(identity.issuingAuthority) === '' && str(identity.deliveryDate) === '';
  const identity = input.identity
    ? (() => {
        try {
          if (idOnly(input.identity)) {
            const id = parseCustomerId({ type: str(input.identity.type), number: str(input.identity.number) });
            return { type: id.type, number: id.number, issuingAuthority: null, deliveryDate: null };
          }
          const doc = parseIdentityDocument(
            {
              type: str(input.identity.type),
              number: str(input.identity.number),
              issuingAuthority: str(input.identity.issuingAuthority),
              deliveryDate: str(input.identity.deliveryDate),
            },
            rules.today,
          );
          return { type: doc.type, number: doc.number, issuingAuthority: doc.issuingAuthority, deliveryDate: doc.deliveryDate };
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          errors.push({ ...error.details, field: `customer.identity.${identityField(error.code)}`, code: error.code });
          return null;
        }
      })()
    : (() => {
        if (rules.identityRequired) errors.push({ field: 'customer.identity', code: 'IDENTITY_REQUIRED' });
        else if (rules.idCollected) errors.push({ field: 'customer.identity', code: 'CUSTOMER_ID_REQUIRED' });
        return null;
      })();

  if (errors.length > 0) return { errors };
  return {
    customer: {
      firstName: firstName as string,
      lastName: lastName as string,
      email: email as string,
      phone: phone as string,
      street: street as string,
      streetComplement,
      city: city as string,
      zipCode: zipCode as string,
      country: country as string,
      iban,
      identity,
    },
  };
}

function identityField(code: string): string {
  switch (code) {
    case 'IDENTITY_TYPE_INVALID':
      return 'type';
    case 'IDENTITY_NUMBER_INVALID':
      return 'number';
    case 'IDENTITY_AUTHORITY_INVALID':
      return 'issuingAuthority';
    default:
      return 'deliveryDate';
  }
}
