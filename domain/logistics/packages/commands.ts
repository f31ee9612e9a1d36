import type { DeliveryStatus, LabelMode, PackedBuyback } from './events.js';
import type { PackageLabel } from './state.js';

/** Commands on a package: imperative; ids, numbers and times come with them. */
export type PackageCommand =
  | { type: 'OpenPackage'; data: { packageId: string; number: string; accountId: string; storeId: string; warehouseId: string; labelMode: LabelMode } }
  | { type: 'AddBuybackToPackage'; data: { buyback: PackedBuyback } }
  | { type: 'RemoveBuybackFromPackage'; data: { buybackId: string } }
  | { type: 'ClearPackage'; data: Record<string, never> }
  | { type: 'DiscardPackage'; data: Record<string, never> }
  /** The warehouse operator confirmed they hold one of its devices (the check-in's reconciliation, decided with the buyback and its item). */
  | { type: 'GiveUpBuybackReceivedAtWarehouse'; data: { buybackId: string; warehouseId: string } }
  /** `atWarehouse`: the devices it lists that the warehouse has already received (their buybacks say so): the close leaves them out. */
  | { type: 'ClosePackage'; data: { atWarehouse?: readonly string[] } }
  | { type: 'RecordPackageLabel'; data: PackageLabel }
  | { type: 'RecordPackageDelivery'; data: { status: DeliveryStatus; occurredAt: string; transportId: string } };

export const PACKAGE_COMMAND_TYPES = [
  'OpenPackage',
  'AddBuybackToPackage',
  'RemoveBuybackFromPackage',
  'ClearPackage',
  'DiscardPackage',
  'GiveUpBuybackReceivedAtWarehouse',
  'ClosePackage',
  'RecordPackageLabel',
  'RecordPackageDelivery',
] as const satisfies ReadonlyArray<PackageCommand['type']>;
