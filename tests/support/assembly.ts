import { MODULES } from '../../infrastructure/modules/index.js';
import { assemble } from '../../infrastructure/modules/assembly.js';
import type { UserType } from '../../domain/organizations/events.js';
import type { Principal } from '../../application/organizations/principal.js';

/** The platform's tables as it assembles them from its modules. */
export const ASSEMBLY = assemble(MODULES);

/** Every read model, as the module list declares them. */
export const ALL_PROJECTIONS = ASSEMBLY.projections;

/** The permission matrix the platform assembles from its modules. */
export const PERMISSION_MATRIX = ASSEMBLY.permissions;

export function permissionsOf(userType: UserType): ReadonlySet<string> {
  return PERMISSION_MATRIX.permissionsOf(userType);
}

/** The permissions of a user type, as a list (what /api/me answers per module). */
export function permissionList(userType: UserType): string[] {
  return [...permissionsOf(userType)];
}

/** A signed-in user of a tenant, as the API builds them, with their type's permissions (for services called in process). */
export function principalOf(userType: UserType, accountId: string, organizationId: string | null, module: Principal['module']): Principal {
  return { kind: 'user', userId: null, accountId, module, userType, organizationId, permissions: permissionsOf(userType), visibleStoreIds: null };
}
