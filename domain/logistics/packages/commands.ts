import type { DeliveryStatus, LabelMode, PackedBuyback } from './events.js';
import type { PackageLabel } from './state.js';

/** Commands on a package: imperative; ids, numbers and times come with them. */
export type PackageCommand =
  | { type: 'OpenPackage'; data: { packageId: string; number: string; accountId: string; storeId: string; warehouseId: string; labelMode: LabelMode } }
  | { type: 'AddBuybackToPackage'; data: { buyback: PackedBuyback } }
  | { type: 'RemoveBuybackFromPackage'; data: { buybackId: string } }
  | { type: 'ClearPackage'; data: Record<string, never> }
  | { type: 'DiscardPackage'; data: Record<string, never> }
  | { type: 'ClosePackage'; data: Record<string, never> }
  | { type: 'RecordPackageLabel'; data: PackageLabel }
  | { type: 'RecordPackageDelivery'; data: { status: DeliveryStatus; occurredAt: string; transportId: string } };

export const PACKAGE_COMMAND_TYPES = [
  'OpenPackage',
  'AddBuybackToPackage',
  'RemoveBuybackFromPackage',
  'ClearPackage',
  'DiscardPackage',
  'ClosePackage',
  'RecordPackageLabel',
  'RecordPackageDelivery',
] as const satisfies ReadonlyArray<PackageCommand['type']>;
