import type { ModuleType, UserType } from '../../domain/organization/events.js';
import type { Filter } from '../ports/document-store.js';
import type { Permission } from './permissions.js';

/** Who is asking, in which module, and what they may see. Built per request by the HTTP layer. */
export interface Principal {
  kind: 'user' | 'anonymous';
  userId: string | null;
  /** The tenant; null only for provider staff (super admin, admin), who see every tenant. */
  accountId: string | null;
  module: ModuleType | null;
  userType: UserType;
  /** The organization the user works for in this module (a store, a warehouse, a buyer, a unit). */
  organizationId: string | null;
  permissions: ReadonlySet<Permission>;
  /** For management units: the stores below the unit. */
  visibleStoreIds: readonly string[] | null;
}

export function isPlatformStaff(principal: Principal): boolean {
  return principal.accountId === null;
}

/**
 * The buybacks a principal may see, as a filter ANDed to every buyback query:
 * always the tenant; then the store(s), warehouse or buyer of the module.
 */
export function buybackVisibility(principal: Principal): Filter {
  if (isPlatformStaff(principal)) return {};
  const tenant: Filter = { accountId: principal.accountId };
  // A web buyback awaiting its drop has no store yet: the customer may bring it to any store of
  // the tenant, whose users must find it (by its code) to finalize it there.
  const awaitingDrop: Filter = { storeId: null, status: 'bb_awaiting_store_drop' };
  switch (principal.userType) {
    case 'store_manager':
    case 'store_seller':
      return { ...tenant, $or: [{ storeId: principal.organizationId }, awaitingDrop] };
    case 'management_unit_manager':
    case 'management_unit_analyst':
      return { ...tenant, $or: [{ storeId: { $in: [...(principal.visibleStoreIds ?? [])] } }, awaitingDrop] };
    case 'warehouse_manager':
    case 'warehouse_operator':
      return { ...tenant, warehouseId: principal.organizationId };
    case 'buyer_manager':
      return { ...tenant, buyerId: principal.organizationId };
    case 'pseudo_anonymous':
      // A storefront visitor reads no buyback list; the public proposal link uses its own secret.
      return { ...tenant, _id: { $in: [] } };
    default:
      return tenant;
  }
}

/** Reference data (catalogue, options) is visible to the whole tenant. */
export function tenantFilter(principal: Principal): Filter {
  return isPlatformStaff(principal) ? {} : { accountId: principal.accountId };
}
