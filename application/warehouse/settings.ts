import type { DocumentStore } from '../ports/document-store.js';
import { isPlatformStaff, type Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../organizations/read-models.js';
import type { CheckInRequirement } from '../../domain/warehouse/items/commands.js';

/** The retailer's settings the warehouse screens follow (specification 001 §3). */
export interface WarehouseSettings {
  /** Provider staff are treated as `disabled`: they start the check from the shipped item. */
  checkInRequirement: CheckInRequirement;
  commentRequired: boolean;
  commentShared: boolean;
}

export async function warehouseSettingsOf(documents: DocumentStore, principal: Principal, accountId: string): Promise<WarehouseSettings> {
  const account = await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  const settings = account?.settings;
  return {
    checkInRequirement: isPlatformStaff(principal) ? 'disabled' : (settings?.warehouseCheckinRequirement ?? 'optional'),
    commentRequired: settings?.isWarehouseCommentMandatory ?? false,
    commentShared: settings?.isWarehouseCommentSharedToClient ?? false,
  };
}
