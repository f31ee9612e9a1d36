// .js: Node tests load this file.
import { normalizeFields, type FieldProblem } from '@server/domain/organizations/organization/validate.js';
import { formatDayHours, parseDayHours, WEEKDAYS, type OpeningHours, type TimeRange, type Weekday } from '@server/domain/organizations/organization/opening-hours.js';
import type { CreatableType, Entity, OrganizationType } from './types.js';

/** What the form edits, as typed (coordinates as text, a comma or a point). */
export interface EntityFormValues {
  type: OrganizationType;
  parentOrganizationId: string;
  buyerId: string;
  commonName: string;
  corporateName: string;
  street: string;
  streetComplement: string;
  zipCode: string;
  city: string;
  country: string;
  externalId: string;
  email: string;
  status: 'active' | 'inactive';
  manualGeocoding: boolean;
  latitude: string;
  longitude: string;
  stock: string;
  /** A store's "show cart" flag: its sellers build carts of several devices. */
  showCart: boolean;
  /** A store's opening hours as typed, a day each ("09:00-12:00, 14:00-19:00"; empty: closed; all empty: not given). */
  openingHours: Record<Weekday, string>;
  /** Why (an edit only): shown in its history. */
  reason: string;
}

export type EntityField = keyof EntityFormValues;
export type EntityProblems = Partial<Record<EntityField, string>>;

/** The body of POST /organizations (and, in part, of PATCH). */
export interface EntityBody {
  type?: CreatableType;
  parentOrganizationId: string | null;
  buyerId?: string | null;
  commonName: string;
  corporateName: string | null;
  street: string | null;
  streetComplement: string | null;
  zipCode: string | null;
  city: string | null;
  country: string;
  externalId: string | null;
  email: string | null;
  status: 'active' | 'inactive';
  manualGeocoding: boolean;
  latitude: number | null;
  longitude: number | null;
  stock: string | null;
  showCart: boolean;
  openingHours: OpeningHours | null;
}

export const NEW_ENTITY: EntityFormValues = {
  type: 'store',
  parentOrganizationId: '',
  buyerId: '',
  commonName: '',
  corporateName: '',
  street: '',
  streetComplement: '',
  zipCode: '',
  city: '',
  country: 'FR',
  externalId: '',
  email: '',
  status: 'active',
  manualGeocoding: false,
  latitude: '',
  longitude: '',
  stock: '',
  showCart: false,
  openingHours: hoursText(null),
  reason: '',
};

export function valuesOf(entity: Entity): EntityFormValues {
  return {
    type: entity.type,
    parentOrganizationId: entity.parentOrganizationId ?? '',
    buyerId: entity.buyerId ?? '',
    commonName: entity.commonName,
    corporateName: entity.corporateName ?? '',
    street: entity.street ?? '',
    streetComplement: entity.streetComplement ?? '',
    zipCode: entity.zipCode ?? '',
    city: entity.city ?? '',
    country: entity.country,
    externalId: entity.externalId ?? '',
    email: entity.email ?? '',
    status: entity.status,
    manualGeocoding: entity.manualGeocoding,
    latitude: entity.latitude === null ? '' : String(entity.latitude),
    longitude: entity.longitude === null ? '' : String(entity.longitude),
    stock: entity.stock ?? '',
    showCart: entity.showCart,
    openingHours: hoursText(entity.openingHours),
    reason: '',
  };
}

/** Each day's ranges as the form shows them. */
function hoursText(hours: OpeningHours | null): Record<Weekday, string> {
  return Object.fromEntries(WEEKDAYS.map((day) => [day, formatDayHours(hours?.[day])])) as Record<Weekday, string>;
}

/**
 * The hours the form sends: null when every day is empty (not given); a day
 * whose text is no list of ranges gives an empty range the rules refuse at it.
 */
export function hoursOf(text: Record<Weekday, string>): OpeningHours | null {
  if (WEEKDAYS.every((day) => text[day].trim() === '')) return null;
  const unreadable: TimeRange[] = [{ opens: '?', closes: '?' }];
  const hours = {} as OpeningHours;
  for (const day of WEEKDAYS) hours[day] = parseDayHours(text[day]) ?? unreadable;
  return hours;
}

/** Degrees as typed ("47,21"); empty: null; not a number: NaN, which the rules refuse at its field. */
export function degreesOf(text: string): number | null {
  const normalized = text.trim().replace(',', '.');
  if (normalized === '') return null;
  return /^[-+]?\d+(\.\d+)?$/.test(normalized) ? Number(normalized) : Number.NaN;
}

const orNull = (text: string) => (text.trim() === '' ? null : text);

/** Where a field the API names belongs in the form. */
export function formFieldOf(field: string): EntityField | null {
  if (field.startsWith('openingHours')) return 'openingHours';
  return field in NEW_ENTITY ? (field as EntityField) : null;
}

/**
 * The body the form sends, checked first by the same rules as the API's
 * (`normalizeFields`, and a parent is required but for the root): each
 * problem at its field with its code and bound, for the screen to say in the
 * user's language.
 */
export function checkForm(values: EntityFormValues): { body: EntityBody } | { problems: FieldProblem[] } {
  const body: EntityBody = {
    parentOrganizationId: orNull(values.parentOrganizationId),
    commonName: values.commonName,
    corporateName: orNull(values.corporateName),
    street: orNull(values.street),
    streetComplement: orNull(values.streetComplement),
    zipCode: orNull(values.zipCode),
    city: orNull(values.city),
    country: values.country,
    externalId: orNull(values.externalId),
    email: orNull(values.email),
    status: values.status,
    manualGeocoding: values.manualGeocoding,
    latitude: values.manualGeocoding ? degreesOf(values.latitude) : null,
    longitude: values.manualGeocoding ? degreesOf(values.longitude) : null,
    stock: orNull(values.stock),
    // Only a store shows a cart: any other type sends the flag off.
    showCart: values.type === 'store' && values.showCart,
    // Only a store's hours are shown on the storefront: any other type sends none.
    openingHours: values.type === 'store' ? hoursOf(values.openingHours) : null,
  };
  const problems: FieldProblem[] = [];
  normalizeFields(body, problems);
  if (values.type !== 'root_management_unit' && body.parentOrganizationId === null) problems.push({ field: 'parentOrganizationId', code: 'ENTITY_PARENT_REQUIRED' });
  return problems.length > 0 ? { problems } : { body };
}
