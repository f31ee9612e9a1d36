import { USER_TYPES, type ModuleType, type UserType } from '../../domain/organizations/events.js';

/**
 * A permission is a string `<part>.<action>`; each part declares its own,
 * with the user types that hold them (the specification leaves the matrix to
 * us). A user has one user type per module; the permissions of a request are
 * those of the user type in the module named by `X-Module`. Each API route
 * declares the one permission it needs. The matrix is assembled from every
 * part's table and documented in docs/permissions.md (generated from it).
 */
export type Permission = string;

export interface PermissionDeclaration {
  /** What it allows, for docs/permissions.md. */
  readonly description: string;
  readonly holders: readonly UserType[];
}

export type PermissionTable = Readonly<Record<Permission, PermissionDeclaration>>;

export const PERMISSION_PATTERN = /^[a-z][a-z_]*\.[a-z][a-z_]*$/;

/** Provider staff: every tenant. */
export const PLATFORM_STAFF: readonly UserType[] = ['super_admin', 'admin'];
export const ROOT_MANAGERS: readonly UserType[] = ['root_management_unit_manager'];
export const ROOT_USERS: readonly UserType[] = ['root_management_unit_manager', 'root_management_unit_analyst'];
export const UNIT_USERS: readonly UserType[] = ['management_unit_manager', 'management_unit_analyst'];
export const STORE_USERS: readonly UserType[] = ['store_manager', 'store_seller'];
export const WAREHOUSE_USERS: readonly UserType[] = ['warehouse_manager', 'warehouse_operator'];

/** The user types that may hold a role in each module. */
export const USER_TYPES_BY_MODULE: Record<ModuleType, readonly UserType[]> = {
  root: ['root_management_unit_manager', 'root_management_unit_analyst', 'management_unit_manager', 'management_unit_analyst'],
  tim: ['store_manager', 'store_seller'],
  rps: ['warehouse_manager', 'warehouse_operator'],
  lcm: ['buyer_manager'],
};

/** The role-to-permission matrix, assembled from the parts' tables. */
export class PermissionMatrix {
  private readonly byUserType: ReadonlyMap<UserType, ReadonlySet<Permission>>;
  readonly declarations: ReadonlyMap<Permission, PermissionDeclaration>;

  constructor(tables: readonly PermissionTable[]) {
    const declarations = new Map<Permission, PermissionDeclaration>();
    for (const table of tables) {
      for (const [permission, declaration] of Object.entries(table)) {
        if (!PERMISSION_PATTERN.test(permission)) throw new Error(`Permission "${permission}" must read <part>.<action>`);
        if (declarations.has(permission)) throw new Error(`Permission "${permission}" is declared twice`);
        declarations.set(permission, declaration);
      }
    }
    this.declarations = declarations;
    this.byUserType = new Map(
      USER_TYPES.map((type) => [type, new Set([...declarations].filter(([, d]) => d.holders.includes(type)).map(([p]) => p))]),
    );
  }

  permissionsOf(userType: UserType): ReadonlySet<Permission> {
    return this.byUserType.get(userType) ?? new Set();
  }

  has(permission: Permission): boolean {
    return this.declarations.has(permission);
  }

  all(): Permission[] {
    return [...this.declarations.keys()];
  }
}
