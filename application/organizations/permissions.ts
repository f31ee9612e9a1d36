import type { ModuleType, UserType } from '../../domain/organizations/events.js';

/**
 * Our role-to-permission matrix (the specification leaves it to us). A user
 * has one user type per module; the permissions of a request are those of the
 * user type in the module named by `X-Module`. Each API route declares the
 * one permission it needs. Documented in docs/permissions.md (generated from
 * this file by the same table the tests read).
 */
export const PERMISSIONS = [
  'catalog.read',
  'buyback.list',
  'buyback.read',
  'buyback.export',
  'buyback.create',
  'buyback.create_web',
  'buyback.finalize',
  'buyback.ship',
  'buyback.check_in',
  'buyback.control',
  'buyback.cancel',
  'customer.forget',
  'projection.rebuild',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const READ: Permission[] = ['catalog.read', 'buyback.list', 'buyback.read'];
const STORE_SELLER: Permission[] = [...READ, 'buyback.create', 'buyback.finalize', 'buyback.ship', 'buyback.cancel'];
const WAREHOUSE_OPERATOR: Permission[] = [...READ, 'buyback.check_in', 'buyback.control'];

export const PERMISSIONS_BY_USER_TYPE: Record<UserType, readonly Permission[]> = {
  // Web buybacks are the storefront visitor's own act; staff register store buybacks.
  super_admin: PERMISSIONS.filter((p) => p !== 'buyback.create_web'),
  admin: PERMISSIONS.filter((p) => p !== 'projection.rebuild' && p !== 'buyback.create_web'),
  root_management_unit_manager: [...STORE_SELLER, 'buyback.export', 'customer.forget'],
  root_management_unit_analyst: [...READ, 'buyback.export'],
  management_unit_manager: [...STORE_SELLER, 'buyback.export'],
  management_unit_analyst: [...READ, 'buyback.export'],
  store_manager: [...STORE_SELLER, 'buyback.export'],
  store_seller: STORE_SELLER,
  warehouse_manager: [...WAREHOUSE_OPERATOR, 'buyback.cancel', 'buyback.export'],
  warehouse_operator: WAREHOUSE_OPERATOR,
  buyer_manager: [...READ, 'buyback.export'],
  pseudo_anonymous: ['catalog.read', 'buyback.create_web'],
};

/** The user types that may hold a role in each module. */
export const USER_TYPES_BY_MODULE: Record<ModuleType, readonly UserType[]> = {
  root: ['root_management_unit_manager', 'root_management_unit_analyst', 'management_unit_manager', 'management_unit_analyst'],
  tim: ['store_manager', 'store_seller'],
  rps: ['warehouse_manager', 'warehouse_operator'],
  lcm: ['buyer_manager'],
};

export function permissionsOf(userType: UserType): ReadonlySet<Permission> {
  return new Set(PERMISSIONS_BY_USER_TYPE[userType]);
}
