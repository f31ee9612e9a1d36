import { LOCALES } from '../../../domain/organizations/events.js';
import { NATIVE_STOCK_KINDS } from '../../../domain/warehouse/stocks/native-stocks.js';
import type { NativeStockName, StockCommand } from '../../../domain/warehouse/stocks/stocks.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { WAREHOUSE_USERS } from '../../organizations/permissions.js';
import { requirePremiumFeature } from '../../catalog/premium-features.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../../organizations/read-models.js';
import type { Filter } from '../../ports/document-store.js';
import type { Texts } from '../../ports/texts.js';
import { stocksDecider } from '../item-decider.js';
import type { WarehousePorts } from '../warehouse-ports.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument, type StockDocument } from '../read-models.js';
import { WAREHOUSE_STREAMS } from '../streams.js';

export interface StockFieldsInput {
  name: string;
  identifier?: string | null;
  location?: string | null;
}

export interface CreateStockInput extends StockFieldsInput {
  /** The warehouse: a warehouse user's own; others name it. */
  warehouseId?: string | null;
}

/** The warehouse a warehouse user works in, or null for anyone else (tenant-wide users and provider staff, even in the warehouse module). */
export function ownWarehouseOf(principal: Principal): string | null {
  return principal.module === 'rps' && WAREHOUSE_USERS.includes(principal.userType) ? principal.organizationId : null;
}

/** What of the warehouses a principal may see: their own warehouse's, or their tenant's. */
export function warehouseScope(principal: Principal): Filter {
  if (isPlatformStaff(principal)) return {};
  const own = ownWarehouseOf(principal);
  if (own !== null) return { accountId: principal.accountId, warehouseId: own };
  return { accountId: principal.accountId };
}

/** The stocks a principal may see, deleted ones left out. */
export function stockVisibility(principal: Principal): Filter {
  return { ...warehouseScope(principal), deletedAt: null };
}

export async function visibleStock(deps: Pick<WarehousePorts, 'documents'>, principal: Principal, stockId: string): Promise<StockDocument> {
  const [stock] = await deps.documents
    .collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks)
    .find({ $and: [stockVisibility(principal), { _id: stockId }] }, { limit: 1 });
  if (!stock) throw new ApplicationError('STOCK_NOT_FOUND', { stockId });
  return stock;
}

/** The premium feature a warehouse's own stocks need (creating, changing, deleting them); the native stocks and the list need none. */
export const ADVANCED_STOCKS_FEATURE = 'advanced_stocks';

/** A new stock of the warehouse: its name unique there. */
export const createStock = defineCommand<WarehousePorts, CreateStockInput, CommandOutcome<null>>({
  name: 'CreateStock',
  permission: 'stock.manage',
  async run(deps, context, input) {
    const warehouse = await targetWarehouse(deps, context.principal, input.warehouseId ?? null);
    // With an Idempotency-Key the stock's id derives from it: a retry answers the stock the first attempt created.
    const stockId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    return onStocks(deps, context, warehouse.accountId, warehouse._id, {
      type: 'CreateStock',
      data: {
        stockId,
        warehouseId: warehouse._id,
        nativeNames: nativeStockNames(deps.texts),
        name: input.name,
        identifier: input.identifier ?? null,
        location: input.location ?? null,
      },
    }, stockId);
  },
});

/** Changes what it names of a stock of the warehouse's own (a PATCH: what it leaves out stays as it was). */
export const updateStock = defineCommand<WarehousePorts, Partial<StockFieldsInput> & { stockId: string }, CommandOutcome<null>>({
  name: 'UpdateStock',
  permission: 'stock.manage',
  async run(deps, context, input) {
    const stock = await visibleStock(deps, context.principal, input.stockId);
    return onStocks(deps, context, stock.accountId, stock.warehouseId, {
      type: 'UpdateStock',
      data: {
        stockId: stock._id,
        warehouseId: stock.warehouseId,
        nativeNames: nativeStockNames(deps.texts),
        name: input.name ?? stock.name ?? '',
        identifier: input.identifier === undefined ? stock.identifier : input.identifier,
        location: input.location === undefined ? stock.location : input.location,
      },
    }, stock._id);
  },
});

/** Deletes a stock of the warehouse's own that holds nothing. */
export const deleteStock = defineCommand<WarehousePorts, { stockId: string }, CommandOutcome<null>>({
  name: 'DeleteStock',
  permission: 'stock.manage',
  async run(deps, context, input) {
    const stock = await visibleStock(deps, context.principal, input.stockId);
    const itemCount = await deps.documents.collection<ItemDocument>(WAREHOUSE_COLLECTIONS.items).count({ stockId: stock._id }, { limit: 1_000_000 });
    return onStocks(deps, context, stock.accountId, stock.warehouseId, {
      type: 'DeleteStock',
      // No refurbishment step can name a stock yet: that part has no steps to count until it exists.
      data: { stockId: stock._id, warehouseId: stock.warehouseId, itemCount, refurbStepCount: 0 },
    }, stock._id);
  },
});

async function onStocks(
  deps: WarehousePorts,
  context: CommandContext,
  accountId: string,
  warehouseId: string,
  command: StockCommand,
  stockId: string,
): Promise<CommandOutcome<null>> {
  // A warehouse's own stocks, beyond the native ones every warehouse has, are the advanced_stocks premium feature.
  await requirePremiumFeature(deps.documents, accountId, ADVANCED_STOCKS_FEATURE);
  const result = await handleCommand(deps.eventStore, WAREHOUSE_STREAMS.warehouseStocks.name(warehouseId), stocksDecider, command, {
    metadata: commandMetadata(deps, context, accountId, context.principal.organizationId ?? warehouseId),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  return { id: stockId, status: null, revision: result.revision, position: result.position };
}

/** The native stocks' names in the four languages, as the screens show them (the warehouse part's `stocks.native.*` texts). */
function nativeStockNames(texts: Texts): NativeStockName[] {
  return LOCALES.flatMap((locale) => NATIVE_STOCK_KINDS.map((kind) => ({ kind, name: texts.text(locale, `stocks.native.${kind}`) })));
}

/**
 * The warehouse a new stock belongs to: a warehouse user's own (naming
 * another is refused, never silently replaced), else the one named, of the
 * caller's tenant.
 */
async function targetWarehouse(deps: WarehousePorts, principal: Principal, warehouseId: string | null): Promise<OrganizationDocument> {
  const own = ownWarehouseOf(principal);
  if (own !== null && warehouseId !== null && warehouseId !== own) throw new ApplicationError('WAREHOUSE_NOT_ALLOWED', { warehouseId });
  const id = own ?? warehouseId;
  if (!id) throw new ApplicationError('VALIDATION_FAILED', { fields: [{ field: 'warehouseId', code: 'required' }] });
  const warehouse = await deps.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(id);
  if (!warehouse || warehouse.type !== 'warehouse' || !(isPlatformStaff(principal) || warehouse.accountId === principal.accountId)) {
    throw new ApplicationError('WAREHOUSE_NOT_FOUND', { warehouseId: id });
  }
  return warehouse;
}
