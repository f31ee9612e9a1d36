import { CART_USER_TYPES } from '../../domain/buybacks/cart.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../organizations/read-models.js';

/** Whether this store shows the cart (its "show cart" flag; an organization registered before the flag existed shows none). */
export async function storeShowsCart(documents: DocumentStore, storeId: string | null): Promise<boolean> {
  if (!storeId) return false;
  const store = await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(storeId);
  return store?.type === 'store' && store.showCart === true;
}

/**
 * Whether the caller's dashboard shows the cart (specification 002 §6): a
 * store seller or manager, in the store module, of a store whose flag is on.
 */
export async function cartShownTo(documents: DocumentStore, principal: Principal): Promise<boolean> {
  if (principal.kind !== 'user' || principal.module !== 'tim' || !CART_USER_TYPES.includes(principal.userType)) return false;
  return storeShowsCart(documents, principal.organizationId);
}
