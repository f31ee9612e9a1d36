import { MODULES } from '../../infrastructure/modules/index.js';
import { assemble } from '../../infrastructure/modules/assembly.js';
import type { UserType } from '../../domain/organizations/events.js';

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
