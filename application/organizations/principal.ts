import type { ModuleType, UserType } from '../../domain/organizations/events.js';
import type { Filter } from '../ports/document-store.js';
import type { Permission } from './permissions.js';

/** Who is asking, in which module, and what they may see. Built per request by the HTTP layer. */
export interface Principal {
  kind: 'user' | 'anonymous';
  userId: string | null;
  /** A storefront visitor's pseudonymous id, one per visitor token (what binds their cart to them); none for users. */
  visitorId?: string | null;
  /**
   * The tenant; null only for provider staff (super admin, admin), who see
   * every tenant, until a request names the account they act for
   * (`?accountId=` or `X-Account-Id`: AuthService.actingFor).
   */
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
/**
 * The buybacks a principal may list, as a filter ANDed to every list query:
 * always the tenant; then the store(s), warehouse or buyer of the module.
 * Each shape matches an index of the buybacks collection (filter, then sort
 * by creation date), so a page stays fast on a million documents.
 */
export function buybackVisibility(principal: Principal): Filter {
  if (isPlatformStaff(principal)) return {};
  const tenant: Filter = { accountId: principal.accountId };
  switch (principal.userType) {
    case 'store_manager':
    case 'store_seller':
      return { ...tenant, storeId: principal.organizationId };
    case 'management_unit_manager':
    case 'management_unit_analyst':
      return { ...tenant, storeId: { $in: [...(principal.visibleStoreIds ?? [])] } };
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

/**
 * The buybacks a principal may open one at a time (by id or code): what they
 * may list, plus, for store users, the tenant's web buybacks still awaiting
 * their drop. Such a buyback has no store yet; the customer may bring it to
 * any store of the retailer, whose seller finds it by its code to finalize it.
 * Kept out of lists: it would clutter every store's list and defeat the index.
 */
export function singleBuybackVisibility(principal: Principal): Filter {
  const listed = buybackVisibility(principal);
  const storeUser = principal.module === 'tim' || principal.userType.startsWith('management_unit');
  if (isPlatformStaff(principal) || !storeUser) return listed;
  const awaitingDrop: Filter = { accountId: principal.accountId, storeId: null, status: 'bb_awaiting_store_drop' };
  return { $or: [listed, awaitingDrop] };
}

/** Reference data (catalogue, options) is visible to the whole tenant. */
export function tenantFilter(principal: Principal): Filter {
  return isPlatformStaff(principal) ? {} : { accountId: principal.accountId };
}
