/**
 * The customer form applies exactly the server's rules: `validateCustomer`
 * (application/buybacks/customer-validation.ts) and the domain's value
 * objects run here unchanged; this file only maps the form's strings onto
 * them and their field paths back onto the form.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import { validateCustomer } from '@server/application/buybacks/customer-validation.js';
import { parseIdentityDocument, IDENTITY_DOCUMENT_TYPES, type IdentityDocumentInput } from '@server/domain/values/customer-identity.js';
import { DomainError } from '@server/domain/shared/domain-error.js';
import type { FieldProblem } from '../../api/client.js';
import type { CustomerDraft } from '../cart-store.js';
import type { CustomerPayload } from '../types.js';
import { messageOf, type FieldMessage } from '../field-message.js';

export { IDENTITY_DOCUMENT_TYPES, messageOf, type FieldMessage };

export type CustomerField = Exclude<keyof CustomerDraft, 'phoneCountry'>;

/** The order of the fields on the screen: the first one in error gets the focus. */
export const CUSTOMER_FIELDS: readonly CustomerField[] = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'street',
  'streetComplement',
  'zipCode',
  'city',
  'country',
  'iban',
  'identityType',
  'identityNumber',
  'identityAuthority',
  'identityDeliveryDate',
  'termsAccepted',
];



export type CustomerErrors = Partial<Record<CustomerField, FieldMessage>>;

export interface CustomerRules {
  /** A bank transfer pays the customer: the IBAN is asked and checked. */
  ibanRequired: boolean;
  /** The retailer's customer_identity_document_required setting: the whole document is asked. */
  identityRequired: boolean;
  /** The retailer's "customer ID collection" setting: the document's type and number are asked (the whole document only with identityRequired). */
  idCollected: boolean;
}

/** Whether the identity document's section is shown: the whole document, or its type and number only. */
export function asksIdentity(rules: CustomerRules): boolean {
  return rules.identityRequired || rules.idCollected;
}

/** Today in the browser's calendar, YYYY-MM-DD (the identity document's delivery date may not be after it). */
export function localToday(date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The phone number as the API stores it: E.164 when it is a valid number of
 * the chosen country (or a "+…" international number); otherwise the typed
 * text, which the server's rule then refuses with the same code as here.
 */
export function internationalPhone(country: string, typed: string): string {
  const text = typed.trim();
  if (text === '') return '';
  const parsed = parsePhoneNumberFromString(text, isPhoneCountry(country) ? country : 'FR');
  if (parsed?.isValid()) return parsed.number;
  if (text.startsWith('+') || !isPhoneCountry(country)) return text;
  return `+${getCountryCallingCode(country)}${text.replace(/^0+/, '')}`;
}

function isPhoneCountry(country: string): country is CountryCode {
  return (getCountries() as string[]).includes(country);
}

/** The `customer` object of the create body. */
export function toCustomerPayload(draft: CustomerDraft, rules: CustomerRules): CustomerPayload {
  return {
    firstName: draft.firstName,
    lastName: draft.lastName,
    email: draft.email,
    phone: internationalPhone(draft.phoneCountry, draft.phoneNumber),
    street: draft.street,
    streetComplement: draft.streetComplement.trim() === '' ? null : draft.streetComplement,
    city: draft.city,
    zipCode: draft.zipCode,
    country: draft.country,
    iban: rules.ibanRequired ? draft.iban : null,
    identity: asksIdentity(rules)
      ? {
          type: draft.identityType,
          number: draft.identityNumber,
          issuingAuthority: rules.identityRequired ? draft.identityAuthority : '',
          deliveryDate: rules.identityRequired ? draft.identityDeliveryDate : '',
        }
      : null,
  };
}

const IDENTITY_FIELDS: Record<keyof IdentityDocumentInput, CustomerField> = {
  type: 'identityType',
  number: 'identityNumber',
  issuingAuthority: 'identityAuthority',
  deliveryDate: 'identityDeliveryDate',
};

/** The API's field path (`customer.identity.number`) as a field of the form. */
export function formFieldOf(path: string): CustomerField | null {
  const name = path.replace(/^customer\./, '');
  if (name.startsWith('identity.')) return IDENTITY_FIELDS[name.slice('identity.'.length) as keyof IdentityDocumentInput] ?? null;
  if (name === 'identity') return 'identityType';
  if (name === 'phone') return 'phoneNumber';
  return (CUSTOMER_FIELDS as readonly string[]).includes(name) ? (name as CustomerField) : null;
}


/** Server field errors (422/400 VALIDATION_FAILED) placed on the form's fields; the others are returned apart. */
export function errorsFromApi(problems: readonly FieldProblem[]): { errors: CustomerErrors; unplaced: FieldProblem[] } {
  const errors: CustomerErrors = {};
  const unplaced: FieldProblem[] = [];
  for (const problem of problems) {
    const field = formFieldOf(problem.field);
    if (field && !errors[field]) errors[field] = messageOf(problem);
    else if (!field) unplaced.push(problem);
  }
  return { errors, unplaced };
}

/**
 * Each identity field checked on its own with the domain's rule (the others
 * set to acceptable values), so every wrong field shows its error at once
 * where the rule itself stops at the first.
 */
function identityErrors(draft: CustomerDraft, today: string, idOnly: boolean): CustomerErrors {
  const input: IdentityDocumentInput = {
    type: draft.identityType,
    number: draft.identityNumber,
    issuingAuthority: draft.identityAuthority,
    deliveryDate: draft.identityDeliveryDate,
  };
  const acceptable: IdentityDocumentInput = { type: IDENTITY_DOCUMENT_TYPES[0], number: 'AB12345', issuingAuthority: 'AB', deliveryDate: today };
  const errors: CustomerErrors = {};
  const names = (Object.keys(IDENTITY_FIELDS) as Array<keyof IdentityDocumentInput>).filter((name) => !idOnly || name === 'type' || name === 'number');
  for (const name of names) {
    try {
      parseIdentityDocument({ ...acceptable, [name]: input[name] }, today);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      errors[IDENTITY_FIELDS[name]] = messageOf({ ...error.details, code: error.code });
    }
  }
  return errors;
}

/** Every error of the form, field by field; empty when the details can be sent. */
export function checkCustomer(draft: CustomerDraft, rules: CustomerRules, today = localToday()): CustomerErrors {
  const result = validateCustomer(toCustomerPayload(draft, rules), { ...rules, today });
  const errors: CustomerErrors = 'errors' in result ? errorsFromApi(result.errors.map((e) => ({ message: '', ...e }))).errors : {};
  if (asksIdentity(rules)) {
    for (const field of Object.values(IDENTITY_FIELDS)) delete errors[field];
    Object.assign(errors, identityErrors(draft, today, !rules.identityRequired));
  }
  if (!draft.termsAccepted) errors.termsAccepted = { key: 'buyback-path:customer.errors.termsRequired', values: {} };
  return errors;
}

export function firstErrorField(errors: CustomerErrors): CustomerField | null {
  return CUSTOMER_FIELDS.find((field) => errors[field]) ?? null;
}
