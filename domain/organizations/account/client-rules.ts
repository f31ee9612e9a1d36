import { DomainError } from '../../shared/domain-error.js';
import { TEXT_BOUNDS, type TextBounds } from '../../values/text.js';
import { BRAND_PDF_FIELDS, type ClientChanges, type RootDetails } from './account-events.js';
import { requireSiret } from './siret.js';

/** One refused field: where (`address.city`), the code of its message, and the bound it broke. */
export interface ClientFieldError {
  field: string;
  code: string;
  [detail: string]: unknown;
}

/** The specification's bounds (002 §5): default text 2..255, address 2..125, city 2..45 (the home page's: domain/settings/home-page). */
export const CLIENT_LIMITS = {
  name: TEXT_BOUNDS.default,
  street: TEXT_BOUNDS.address,
  city: TEXT_BOUNDS.city,
  zipCode: { min: 2, max: 20 },
  identifier: TEXT_BOUNDS.default,
  url: { min: 8, max: 2048 },
  /** Share capital: up to 100 billion, in cents. */
  maxCapitalInCents: 10_000_000_000_000,
  rootText: { min: 0, max: 5_000 },
  cartMinValueMaxInCents: 100_000_000,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY = /^[A-Z]{2}$/;

const length = (text: string) => [...text].length;

class Problems {
  readonly list: ClientFieldError[] = [];
  add(field: string, code: string, details: Record<string, unknown> = {}) {
    this.list.push({ field, code, ...details });
  }
  /** A required text, trimmed, within its bounds; undefined when refused. */
  text(field: string, raw: string, bounds: TextBounds): string {
    const value = raw.trim();
    if (value === '') this.add(field, 'TEXT_REQUIRED');
    else if (length(value) < bounds.min || length(value) > bounds.max) this.add(field, 'TEXT_LENGTH', { min: bounds.min, max: bounds.max });
    return value;
  }
  /** An optional text: blank is null. */
  optional(field: string, raw: string | null | undefined, bounds: TextBounds): string | null {
    const value = (raw ?? '').trim();
    if (value === '') return null;
    if (length(value) < bounds.min || length(value) > bounds.max) this.add(field, 'TEXT_LENGTH', { min: bounds.min, max: bounds.max });
    return value;
  }
  url(field: string, raw: string | null | undefined): string | null {
    const value = (raw ?? '').trim();
    if (value === '') return null;
    if (length(value) > CLIENT_LIMITS.url.max || !/^https?:\/\/[^\s/$.?#][^\s]*$/i.test(value)) this.add(field, 'CLIENT_URL_INVALID');
    return value;
  }
  throwIfAny(code: string) {
    if (this.list.length > 0) throw new DomainError(code, { fields: this.list });
  }
}

/**
 * The changes as they are kept (texts trimmed, blanks null, the SIRET's
 * spaces removed); every problem is collected and refused at once as
 * CLIENT_INVALID, `details.fields` naming each.
 */
export function validateClientChanges(changes: ClientChanges): ClientChanges {
  const p = new Problems();
  const out: ClientChanges = { ...changes };
  if (changes.commonName !== undefined) out.commonName = p.text('commonName', changes.commonName, CLIENT_LIMITS.name);
  if (changes.corporateName !== undefined) out.corporateName = p.optional('corporateName', changes.corporateName, CLIENT_LIMITS.name);
  if (changes.siret !== undefined) {
    out.siret = null;
    if (changes.siret !== null && changes.siret.trim() !== '') {
      try {
        out.siret = requireSiret(changes.siret);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        p.add('siret', 'SIRET_INVALID', error.details);
      }
    }
  }
  if (changes.capitalInCents !== undefined && changes.capitalInCents !== null) {
    const capital = changes.capitalInCents;
    if (!Number.isSafeInteger(capital) || capital < 0 || capital > CLIENT_LIMITS.maxCapitalInCents) p.add('capitalInCents', 'CLIENT_CAPITAL_INVALID');
  }
  if (changes.address !== undefined) {
    const a = changes.address;
    out.address = {
      street: p.optional('address.street', a.street, CLIENT_LIMITS.street),
      streetComplement: p.optional('address.streetComplement', a.streetComplement, CLIENT_LIMITS.street),
      zipCode: p.optional('address.zipCode', a.zipCode, CLIENT_LIMITS.zipCode),
      city: p.optional('address.city', a.city, CLIENT_LIMITS.city),
    };
  }
  if (changes.country !== undefined) {
    out.country = changes.country.trim().toUpperCase();
    if (!COUNTRY.test(out.country)) p.add('country', 'COUNTRY_INVALID');
  }
  if (changes.modules !== undefined) {
    out.modules = [...new Set(changes.modules)];
    if (out.modules.length === 0) p.add('modules', 'CLIENT_MODULES_REQUIRED');
  }
  if (changes.webChannelUrl !== undefined) out.webChannelUrl = p.url('webChannelUrl', changes.webChannelUrl);
  if (changes.whiteLabel) {
    const w = changes.whiteLabel;
    out.whiteLabel = {
      ...w,
      tagManagerId: p.optional('whiteLabel.tagManagerId', w.tagManagerId, CLIENT_LIMITS.identifier),
      axeptioId: p.optional('whiteLabel.axeptioId', w.axeptioId, CLIENT_LIMITS.identifier),
      externalWebsiteLink: w.externalWebsiteLink
        ? { url: p.url('whiteLabel.externalWebsiteLink.url', w.externalWebsiteLink.url) ?? '', text: p.text('whiteLabel.externalWebsiteLink.text', w.externalWebsiteLink.text, CLIENT_LIMITS.name) }
        : null,
      cookiesPolicy: p.optional('whiteLabel.cookiesPolicy', w.cookiesPolicy, CLIENT_LIMITS.rootText),
      accessibilityStatement: p.optional('whiteLabel.accessibilityStatement', w.accessibilityStatement, CLIENT_LIMITS.rootText),
    };
    if (w.externalWebsiteLink && (w.externalWebsiteLink.url ?? '').trim() === '') p.add('whiteLabel.externalWebsiteLink.url', 'TEXT_REQUIRED');
  }
  if (changes.activeCircuits !== undefined) out.activeCircuits = [...new Set(changes.activeCircuits)];
  if (changes.paymentModes !== undefined) out.paymentModes = [...new Set(changes.paymentModes)];
  if (changes.premiumFeatures !== undefined) out.premiumFeatures = [...new Set(changes.premiumFeatures)];
  if (changes.transport !== undefined) {
    out.transport = {
      shippingTypes: [...new Set(changes.transport.shippingTypes)],
      carrierAccountNumber: p.optional('transport.carrierAccountNumber', changes.transport.carrierAccountNumber, CLIENT_LIMITS.identifier),
    };
  }
  p.throwIfAny('CLIENT_INVALID');
  return out;
}

/** The root details' changes as kept; refused at once as ROOT_DETAILS_INVALID, `details.fields` naming each. */
export function validateRootDetailsChanges(changes: Partial<RootDetails>): Partial<RootDetails> {
  const p = new Problems();
  const out: Partial<RootDetails> = { ...changes };
  if (changes.sellerSupportEmail !== undefined) {
    const email = (changes.sellerSupportEmail ?? '').trim().toLowerCase();
    out.sellerSupportEmail = email === '' ? null : email;
    if (email !== '' && (!EMAIL.test(email) || length(email) > 254)) p.add('sellerSupportEmail', 'EMAIL_INVALID');
  }
  for (const field of ['eula', 'serviceTerms', 'faqAndContact', 'buybackZeroDescription', 'noSearchResultDescription', 'packingInstructions'] as const) {
    if (changes[field] !== undefined) out[field] = p.optional(field, changes[field], CLIENT_LIMITS.rootText);
  }
  for (const field of BRAND_PDF_FIELDS) {
    const id = changes[field];
    if (id !== undefined && id !== null && !UUID.test(id)) p.add(field, 'SETTINGS_FILE_ID_INVALID');
  }
  if (changes.enabledPremiumFeatures !== undefined) out.enabledPremiumFeatures = [...new Set(changes.enabledPremiumFeatures)];
  if (changes.cartMinValueInCents !== undefined) {
    const value = changes.cartMinValueInCents;
    if (!Number.isSafeInteger(value) || value < 0 || value > CLIENT_LIMITS.cartMinValueMaxInCents) p.add('cartMinValueInCents', 'MONEY_NOT_INTEGER_CENTS');
    // Specification 002 §5: a positive integer of the currency (kept in cents, so a whole number of hundreds).
    else if (value % 100 !== 0) p.add('cartMinValueInCents', 'CART_MIN_VALUE_NOT_WHOLE');
  }
  p.throwIfAny('ROOT_DETAILS_INVALID');
  return out;
}
