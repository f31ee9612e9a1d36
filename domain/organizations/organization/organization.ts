/**
 * The organization aggregate (an entity of a retailer's tree: its root
 * management unit, management units, stores, warehouses, buyers): its state
 * folded from its events, and the rules of specification 002 §3 and §5.
 */
import type { ModuleType, OrganizationChanged, OrganizationChanges, OrganizationRegistered, OrganizationType } from '../events.js';

export type OrganizationStatus = OrganizationRegistered['data']['status'];
export const ORGANIZATION_STATUSES = ['active', 'inactive'] as const satisfies readonly OrganizationStatus[];

/** The module an organization of each type works in (fixed with its type). */
export const MODULE_OF_TYPE: Readonly<Record<OrganizationType, ModuleType>> = {
  root_management_unit: 'root',
  management_unit: 'root',
  store: 'tim',
  warehouse: 'rps',
  buyer: 'lcm',
};

/**
 * The types an organization of each type may hang under. A store attaches to
 * exactly one management unit, a management unit only to another (the root
 * management unit is the unit at the top of the tree); warehouses and buyers
 * hang under the root or a unit. The root has no parent.
 */
export const PARENT_TYPES: Readonly<Record<OrganizationType, readonly OrganizationType[]>> = {
  root_management_unit: [],
  management_unit: ['root_management_unit', 'management_unit'],
  store: ['root_management_unit', 'management_unit'],
  warehouse: ['root_management_unit', 'management_unit'],
  buyer: ['root_management_unit', 'management_unit'],
};

/** The types created through the entities' form: the root comes with its account (the client). */
export const CREATABLE_TYPES = ['management_unit', 'store', 'warehouse', 'buyer'] as const satisfies readonly OrganizationType[];
export type CreatableType = (typeof CREATABLE_TYPES)[number];

/** Bounds of specification 002 §5 (characters, after trimming) and §9 (external id 45). */
export const ENTITY_LIMITS = {
  text: { min: 2, max: 255 },
  address: { min: 2, max: 125 },
  city: { min: 2, max: 45 },
  externalId: { min: 1, max: 45 },
  email: { min: 3, max: 255 },
  latitude: { min: -90, max: 90 },
  longitude: { min: -180, max: 180 },
} as const;

/** The fields an administrator types (every entity field of specification 002 §3 but type, parent and buyer). */
export type OrganizationFields = Required<
  Pick<
    OrganizationChanges,
    | 'commonName'
    | 'corporateName'
    | 'street'
    | 'streetComplement'
    | 'zipCode'
    | 'city'
    | 'country'
    | 'externalId'
    | 'email'
    | 'status'
    | 'latitude'
    | 'longitude'
    | 'manualGeocoding'
    | 'stock'
    | 'showCart'
    | 'openingHours'
  >
>;

export interface OrganizationState {
  /** Null before its registration. */
  organization: OrganizationRegistered['data'] | null;
}

export const initialOrganizationState = (): OrganizationState => ({ organization: null });

export function evolveOrganization(state: OrganizationState, event: OrganizationRegistered | OrganizationChanged): OrganizationState {
  switch (event.type) {
    case 'OrganizationRegistered':
      return { organization: event.data };
    case 'OrganizationChanged':
      return state.organization ? { organization: { ...state.organization, ...event.data.changes } } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
}
