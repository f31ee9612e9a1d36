import type { BuybackCommand } from '../../../domain/buybacks/commands.js';
import type { PackageCommand } from '../../../domain/logistics/packages/commands.js';
import type { LabelMode, PackedBuyback } from '../../../domain/logistics/packages/events.js';
import { packageStatus, type PackageSnapshot } from '../../../domain/logistics/packages/machine.js';
import { isReceivedAtWarehouse } from '../../../domain/buybacks/machine.js';
import type { PackageStatus } from '../../../domain/logistics/packages/state.js';
import { parseIdentificationNumber } from '../../../domain/values/identification-number.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { buybackDecider } from '../../buybacks/buyback-decider.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { visibleStore } from '../../buybacks/commands/visible-store.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../buybacks/read-models.js';
import { BUYBACK_STREAMS } from '../../buybacks/streams.js';
import { foldStream } from '../../commands/command-handler.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { buybackVisibility, type Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../../organizations/read-models.js';
import type { Filter } from '../../ports/document-store.js';
import { packageDecider, packageNumberDecider } from '../deciders.js';
import type { LogisticsPorts } from '../logistics-ports.js';
import { LOGISTICS_COLLECTIONS, type PackageDocument } from '../read-models.js';
import { LOGISTICS_STREAMS } from '../streams.js';
import { weightOfProduct } from '../weights.js';

export type PackageOutcome = CommandOutcome<PackageStatus | null>;

/**
 * The packages a principal may see: as the buybacks they carry (their store's
 * for store staff, their stores' for units, those coming to their warehouse,
 * their tenant's); a buyer sees none.
 */
export function packageVisibility(principal: Principal): Filter {
  if (principal.userType === 'buyer_manager') return { accountId: principal.accountId, _id: { $in: [] } };
  return buybackVisibility(principal);
}

export async function visiblePackage(deps: Pick<LogisticsPorts, 'documents'>, principal: Principal, packageId: string): Promise<PackageDocument> {
  const [found] = await deps.documents
    .collection<PackageDocument>(LOGISTICS_COLLECTIONS.packages)
    .find({ $and: [packageVisibility(principal), { _id: packageId }] }, { limit: 1 });
  if (!found) throw new ApplicationError('PACKAGE_NOT_FOUND', { packageId });
  return found;
}

export interface OpenPackageInput {
  warehouseId: string;
  labelMode: LabelMode;
  /** The store shipping it: a store user's own; others name it. */
  storeId?: string | null;
}

const NUMBER_ATTEMPTS = 5;

/**
 * A new package at a store, bound for a warehouse of the tenant, under a
 * carrier's label or for the retailer's own collection. Its number is
 * reserved (its own stream) with it, in one append: a number drawn twice is
 * drawn again.
 */
export const openPackage = defineCommand<LogisticsPorts, OpenPackageInput, PackageOutcome>({
  name: 'OpenPackage',
  permission: 'package.manage',
  async run(deps, context, input) {
    const storeId = await visibleStore(deps.documents, context.principal, input.storeId ?? (context.principal.module === 'tim' ? context.principal.organizationId : null));
    const store = (await deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(storeId)) as OrganizationDocument;
    const warehouse = await deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(input.warehouseId);
    if (!warehouse || warehouse.type !== 'warehouse' || warehouse.accountId !== store.accountId || warehouse.status !== 'active') {
      throw new ApplicationError('WAREHOUSE_NOT_FOUND', { warehouseId: input.warehouseId });
    }
    // With an Idempotency-Key the package's id derives from it: a retry answers the package the first attempt opened.
    const packageId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const metadata = commandMetadata(deps, context, store.accountId, storeId);
    for (let attempt = 1; ; attempt++) {
      const number = `P${deps.ids.digits(9)}`;
      try {
        const [result] = await handleTogether(
          deps.eventStore,
          [
            onStream(LOGISTICS_STREAMS.package.name(packageId), packageDecider, { type: 'OpenPackage', data: { packageId, number, accountId: store.accountId, storeId, warehouseId: warehouse._id, labelMode: input.labelMode } } satisfies PackageCommand),
            onStream(LOGISTICS_STREAMS.packageNumber.name(number), packageNumberDecider, { type: 'ReservePackageNumber', data: { number, packageId } }),
          ],
          { metadata, newEventId: () => deps.ids.uuid(), retries: 0 },
        );
        return packageOutcome(packageId, result as PackageResult);
      } catch (error) {
        const taken = error instanceof ApplicationError && error.code === 'CONCURRENT_MODIFICATION';
        if (!taken || attempt >= NUMBER_ATTEMPTS) throw error;
      }
    }
  },
});

/** How many times a scan meets another scan's write on the same package and decides again. */
const SCAN_RETRIES = 10;

export interface AddToPackageInput {
  packageId: string;
  /** The buyback's 13-digit code, as scanned. */
  code: string;
}

/**
 * A scanned buyback into an open package. The buyback's stream is the
 * reservation: its `PackBuyback` and the package's `AddBuybackToPackage` are
 * decided together and appended in one atomic append, each at the revision
 * read, so of two packages taking one buyback at once exactly one succeeds
 * (the other is refused: BB_ALREADY_PROCESSED). The refusals carry the
 * specification's codes.
 */
export const addBuybackToPackage = defineCommand<LogisticsPorts, AddToPackageInput, PackageOutcome & { buyback: PackedBuyback }>({
  name: 'AddBuybackToPackage',
  permission: 'package.manage',
  async run(deps, context, input) {
    const pkg = await visiblePackage(deps, context.principal, input.packageId);
    const identificationNumber = parseBuybackCode(input.code);
    const [buyback] = await deps.documents
      .collection<BuybackDocument>(BUYBACKS_COLLECTION)
      .find({ accountId: pkg.accountId, identificationNumber }, { limit: 1 });
    if (!buyback) throw new ApplicationError('BB_DOES_NOT_EXIST', { identificationNumber });
    const packed: PackedBuyback = {
      buybackId: buyback._id,
      identificationNumber,
      productLabel: buyback.product.label,
      weightGrams: await weightOfProduct(deps.documents, buyback.product.productId),
    };
    const results = await withDestinationNamed(deps, handleTogether(
      deps.eventStore,
      [
        // The buyback first: its stream is the reservation (both are appended at once, each at the revision read).
        onStream(BUYBACK_STREAMS.buyback.name(buyback._id), buybackDecider, {
          type: 'PackBuyback',
          data: { packageId: pkg._id, packageNumber: pkg.number, storeId: pkg.storeId, warehouseId: pkg.warehouseId, withLabel: pkg.labelMode === 'with_label' },
        } satisfies BuybackCommand),
        onStream(LOGISTICS_STREAMS.package.name(pkg._id), packageDecider, { type: 'AddBuybackToPackage', data: { buyback: packed } } satisfies PackageCommand),
      ],
      {
        metadata: commandMetadata(deps, context, pkg.accountId, pkg.storeId),
        newEventId: () => deps.ids.uuid(),
        // Scans into one package race on its stream (a scanner faster than the answers, two sellers at one parcel): each is
        // decided again on the fresh package rather than answered CONCURRENT_MODIFICATION (which a keyed retry would replay).
        retries: SCAN_RETRIES,
      },
    ));
    const outcome = results.length > 1 ? packageOutcome(pkg._id, results[1] as PackageResult) : await currentOutcome(deps, pkg._id, results[0]?.position ?? null);
    return { ...outcome, buyback: packed };
  },
});

/**
 * SHIPMENT_ERROR (the device goes to another warehouse) names that warehouse,
 * so the seller knows which package it belongs in: the domain knows its id,
 * the organizations their names.
 */
async function withDestinationNamed<T>(deps: Pick<LogisticsPorts, 'documents'>, decision: Promise<T>): Promise<T> {
  try {
    return await decision;
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== 'SHIPMENT_ERROR' || typeof error.details.warehouseId !== 'string') throw error;
    const warehouse = await deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(error.details.warehouseId);
    throw new DomainError('SHIPMENT_ERROR', { ...error.details, warehouseName: warehouse?.commonName ?? error.details.warehouseId });
  }
}

export interface OnPackageBuyback {
  packageId: string;
  buybackId: string;
}

/** Takes a buyback out of an open package (it is free again for another). */
export const removeBuybackFromPackage = defineCommand<LogisticsPorts, OnPackageBuyback, PackageOutcome>({
  name: 'RemoveBuybackFromPackage',
  permission: 'package.manage',
  async run(deps, context, input) {
    const pkg = await visiblePackage(deps, context.principal, input.packageId);
    return onPackageWithBuybacks(deps, context, pkg, { type: 'RemoveBuybackFromPackage', data: { buybackId: input.buybackId } }, [input.buybackId]);
  },
});

/** Empties an open package (the expedition list cleared): its buybacks are free again, the package stays open. */
export const clearPackage = defineCommand<LogisticsPorts, { packageId: string }, PackageOutcome>({
  name: 'ClearPackage',
  permission: 'package.manage',
  async run(deps, context, input) {
    const pkg = await visiblePackage(deps, context.principal, input.packageId);
    return onPackageWithBuybacks(deps, context, pkg, { type: 'ClearPackage', data: {} }, pkg.buybacks.map((b) => b.buybackId));
  },
});

/** Abandons an open package: its buybacks are free again. */
export const discardPackage = defineCommand<LogisticsPorts, { packageId: string }, PackageOutcome>({
  name: 'DiscardPackage',
  permission: 'package.manage',
  async run(deps, context, input) {
    const pkg = await visiblePackage(deps, context.principal, input.packageId);
    return onPackageWithBuybacks(deps, context, pkg, { type: 'DiscardPackage', data: {} }, pkg.buybacks.map((b) => b.buybackId));
  },
});

/**
 * Closes a package: confirmed and irreversible, its content fixed. Its
 * buybacks are then shipped and its label asked of the carrier by the
 * logistics process manager (the command answers once they are). A device
 * the warehouse already received (its buyback says so) is left out
 * (BB_ALREADY_AT_WAREHOUSE): a closed package never ships it.
 */
export const closePackage = defineCommand<LogisticsPorts, { packageId: string }, PackageOutcome>({
  name: 'ClosePackage',
  permission: 'package.manage',
  async run(deps, context, input) {
    const pkg = await visiblePackage(deps, context.principal, input.packageId);
    const atWarehouse = await receivedAtWarehouse(deps, pkg.buybacks.map((b) => b.buybackId));
    const [result] = await handleTogether(
      deps.eventStore,
      [onStream(LOGISTICS_STREAMS.package.name(pkg._id), packageDecider, { type: 'ClosePackage', data: { atWarehouse } } satisfies PackageCommand)],
      {
        metadata: commandMetadata(deps, context, pkg.accountId, pkg.storeId),
        newEventId: () => deps.ids.uuid(),
        ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
      },
    );
    return packageOutcome(pkg._id, result as PackageResult);
  },
});

/** Of these buybacks, those the warehouse has already received (checked in, or received from their store): their streams say it. */
async function receivedAtWarehouse(deps: Pick<LogisticsPorts, 'eventStore'>, buybackIds: readonly string[]): Promise<string[]> {
  const states = await Promise.all(buybackIds.map(async (id) => ({ id, state: foldStream(buybackDecider, await deps.eventStore.readStream(BUYBACK_STREAMS.buyback.name(id))) })));
  return states.filter(({ state }) => isReceivedAtWarehouse(state)).map(({ id }) => id);
}

/** A package command with the buybacks it frees: the package first (it decides), then each buyback's UnpackBuyback. */
async function onPackageWithBuybacks(deps: LogisticsPorts, context: CommandContext, pkg: PackageDocument, command: PackageCommand, buybackIds: readonly string[]): Promise<PackageOutcome> {
  const decisions: StreamDecision[] = [
    onStream(LOGISTICS_STREAMS.package.name(pkg._id), packageDecider, command),
    ...buybackIds.map((buybackId) =>
      onStream(BUYBACK_STREAMS.buyback.name(buybackId), buybackDecider, { type: 'UnpackBuyback', data: { packageId: pkg._id } } satisfies BuybackCommand),
    ),
  ];
  const [result] = await handleTogether(deps.eventStore, decisions, {
    metadata: commandMetadata(deps, context, pkg.accountId, pkg.storeId),
    newEventId: () => deps.ids.uuid(),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
  });
  return packageOutcome(pkg._id, result as PackageResult);
}

interface PackageResult {
  state: PackageSnapshot;
  revision: number;
  position: number | null;
}

function packageOutcome(packageId: string, result: PackageResult): PackageOutcome {
  return { id: packageId, status: packageStatus(result.state), revision: result.revision, position: result.position };
}

/** A replayed request's outcome: the package as it is now. */
async function currentOutcome(deps: LogisticsPorts, packageId: string, position: number | null): Promise<PackageOutcome> {
  const history = await deps.eventStore.readStream(LOGISTICS_STREAMS.package.name(packageId));
  const state = foldStream(packageDecider, history);
  return { id: packageId, status: packageStatus(state), revision: history.length - 1, position };
}

/** The buyback code scanned: 13 digits with their check digit (the code rule's own refusals otherwise: BUYBACK_CODE_LENGTH…). */
function parseBuybackCode(raw: string): string {
  return parseIdentificationNumber(raw);
}
