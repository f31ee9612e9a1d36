/**
 * The entity's fields as they are kept: texts trimmed (an empty optional one
 * null), the country upper-case, the coordinates checked, or found from the
 * postal code when they were not typed by hand. Every field's problem is
 * collected (the form shows them all) and refused at once as ENTITY_INVALID,
 * `details.fields` naming each with its own code.
 */
import { coordinatesOfPostalCode } from '../../logistics/dispatch/geo.js';
import { DomainError } from '../../shared/domain-error.js';
import type { OrganizationType } from '../events.js';
import { normalizeOpeningHours } from './opening-hours.js';
import { ENTITY_LIMITS, PARENT_TYPES, type OrganizationFields } from './organization.js';

export interface FieldProblem {
  field: string;
  code: string;
  [param: string]: unknown;
}

/** What the application found of an organization named by id (a parent, a buyer), within the same account. */
export type OrganizationFacts =
  | { found: true; id: string; type: OrganizationType; /** Its ancestors, nearest first (a parent's, for the cycle check). */ ancestorIds: readonly string[] }
  | { found: false; id: string };

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const COUNTRY = /^[A-Z]{2}$/;

const length = (text: string) => [...text].length;

function text(problems: FieldProblem[], field: string, raw: string | null | undefined, bounds: { min: number; max: number }, required: boolean): string | null {
  const value = (raw ?? '').trim();
  if (value === '') {
    if (required) problems.push({ field, code: 'TEXT_REQUIRED' });
    return null;
  }
  if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
  return value;
}

function coordinate(problems: FieldProblem[], field: 'latitude' | 'longitude', value: number | null): number | null {
  if (value === null) return null;
  const { min, max } = ENTITY_LIMITS[field];
  if (!Number.isFinite(value) || value < min || value > max) problems.push({ field, code: field === 'latitude' ? 'ENTITY_LATITUDE_INVALID' : 'ENTITY_LONGITUDE_INVALID', min, max });
  return value;
}

/** The fields checked and normalised, or the problems found, appended to `problems`. */
export function normalizeFields(fields: OrganizationFields, problems: FieldProblem[]): OrganizationFields {
  const { text: plain, address, city: cityBounds, externalId: idBounds, email: emailBounds } = ENTITY_LIMITS;
  const commonName = text(problems, 'commonName', fields.commonName, plain, true) ?? '';
  const country = (fields.country ?? '').trim().toUpperCase();
  if (country === '') problems.push({ field: 'country', code: 'TEXT_REQUIRED' });
  else if (!COUNTRY.test(country)) problems.push({ field: 'country', code: 'ENTITY_COUNTRY_INVALID' });
  const email = text(problems, 'email', fields.email, emailBounds, false);
  if (email !== null && !EMAIL.test(email)) problems.push({ field: 'email', code: 'ENTITY_EMAIL_INVALID' });
  const zipCode = text(problems, 'zipCode', fields.zipCode, plain, false);
  const normalized: OrganizationFields = {
    commonName,
    corporateName: text(problems, 'corporateName', fields.corporateName, plain, false),
    street: text(problems, 'street', fields.street, address, false),
    streetComplement: text(problems, 'streetComplement', fields.streetComplement, address, false),
    zipCode,
    city: text(problems, 'city', fields.city, cityBounds, false),
    country,
    externalId: text(problems, 'externalId', fields.externalId, idBounds, false),
    email: email?.toLowerCase() ?? null,
    status: fields.status,
    manualGeocoding: fields.manualGeocoding,
    latitude: null,
    longitude: null,
    stock: text(problems, 'stock', fields.stock, plain, false),
    showCart: fields.showCart === true,
    openingHours: normalizeOpeningHours(fields.openingHours, problems),
  };
  if (fields.manualGeocoding) {
    // Typed by hand: both, each within its range.
    normalized.latitude = coordinate(problems, 'latitude', fields.latitude);
    normalized.longitude = coordinate(problems, 'longitude', fields.longitude);
    if (fields.latitude === null) problems.push({ field: 'latitude', code: 'ENTITY_COORDINATE_REQUIRED' });
    if (fields.longitude === null) problems.push({ field: 'longitude', code: 'ENTITY_COORDINATE_REQUIRED' });
  } else {
    // Found from the postal code (the platform's rough geography), whatever was sent.
    const found = zipCode && COUNTRY.test(country) ? coordinatesOfPostalCode(country, zipCode) : null;
    normalized.latitude = found?.lat ?? null;
    normalized.longitude = found?.lon ?? null;
  }
  return normalized;
}

/** The parent's rules: the root has none; every other type hangs under one of PARENT_TYPES, never under itself or its own descendant. */
export function checkParent(problems: FieldProblem[], organizationId: string, type: OrganizationType, parent: OrganizationFacts | null): void {
  const field = 'parentOrganizationId';
  const allowed = PARENT_TYPES[type];
  if (allowed.length === 0) {
    if (parent !== null) problems.push({ field, code: 'ENTITY_PARENT_NOT_ALLOWED' });
    return;
  }
  if (parent === null) problems.push({ field, code: 'ENTITY_PARENT_REQUIRED' });
  else if (!parent.found) problems.push({ field, code: 'ENTITY_PARENT_NOT_FOUND' });
  else if (parent.id === organizationId || parent.ancestorIds.includes(organizationId)) problems.push({ field, code: 'ENTITY_PARENT_CYCLE' });
  else if (!allowed.includes(parent.type)) problems.push({ field, code: 'ENTITY_PARENT_TYPE_INVALID', allowed: allowed.join(', ') });
}

/** The "show cart" flag (specification 002 §6, the store's multi-device cart) is a store's: switched on for any other type, refused at its field. */
export function checkShowCart(problems: FieldProblem[], type: OrganizationType, showCart: boolean | undefined): void {
  if (showCart === true && type !== 'store') problems.push({ field: 'showCart', code: 'ENTITY_SHOW_CART_STORE_ONLY', type });
}

/** The buyer a store, a unit or a warehouse works with: an organization of type buyer of the same account; a buyer has none. */
export function checkBuyer(problems: FieldProblem[], type: OrganizationType, buyer: OrganizationFacts | null): void {
  if (buyer === null) return;
  if (type === 'buyer') problems.push({ field: 'buyerId', code: 'ENTITY_BUYER_NOT_ALLOWED' });
  else if (!buyer.found || buyer.type !== 'buyer') problems.push({ field: 'buyerId', code: 'ENTITY_BUYER_NOT_FOUND' });
}

export function refuseProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new DomainError('ENTITY_INVALID', { fields: problems });
}
