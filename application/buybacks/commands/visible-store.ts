import type { DocumentStore } from '../../ports/document-store.js';
import { ApplicationError } from '../../commands/errors.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../../organizations/read-models.js';

/** A store of the caller's tenant that the caller works for (a store user: their own store), else STORE_NOT_FOUND. */
export async function visibleStore(documents: DocumentStore, principal: Principal, storeId: string | null): Promise<string> {
  const store = storeId ? await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(storeId) : null;
  const inTenant = store && store.type === 'store' && (isPlatformStaff(principal) || store.accountId === principal.accountId);
  if (!store || !inTenant) throw new ApplicationError('STORE_NOT_FOUND', { storeId });
  if (principal.module === 'tim' && principal.organizationId !== store._id) throw new ApplicationError('STORE_NOT_FOUND', { storeId });
  if (principal.visibleStoreIds && !principal.visibleStoreIds.includes(store._id)) {
    throw new ApplicationError('STORE_NOT_FOUND', { storeId });
  }
  return store._id;
}
