import { DomainError } from '../../shared/domain-error.js';
import { nativeKindOf, type NativeStockKind } from './native-stocks.js';

/**
 * A warehouse's own stocks, as one aggregate (one stream per warehouse): a
 * stock's name is unique among the warehouse's stocks, so the names are
 * decided together, and two people creating "Shelf A" at once cannot both
 * succeed. The native stocks (native-stocks.ts) exist without events.
 */

export const STOCK_TEXT_MAX = 255;

export interface StockFields {
  name: string;
  identifier: string | null;
  location: string | null;
}

export interface StockCreated {
  type: 'StockCreated';
  data: { stockId: string; warehouseId: string } & StockFields;
}

export interface StockUpdated {
  type: 'StockUpdated';
  data: { stockId: string; warehouseId: string } & StockFields;
}

export interface StockDeleted {
  type: 'StockDeleted';
  data: { stockId: string; warehouseId: string };
}

export type StockEvent = StockCreated | StockUpdated | StockDeleted;
export const STOCK_EVENT_TYPES: readonly StockEvent['type'][] = ['StockCreated', 'StockUpdated', 'StockDeleted'];

/** A native stock's name in one language: the names the screens show, read by the application from the texts. */
export interface NativeStockName {
  kind: NativeStockKind;
  name: string;
}

export type StockCommand =
  /** `nativeNames`: the native stocks' names in every language, which no stock of the warehouse's own may take. */
  | { type: 'CreateStock'; data: { stockId: string; warehouseId: string; nativeNames: readonly NativeStockName[] } & StockFields }
  | { type: 'UpdateStock'; data: { stockId: string; warehouseId: string; nativeNames: readonly NativeStockName[] } & StockFields }
  /** `itemCount` and `refurbStepCount`: what the stock holds now, read by the application. */
  | { type: 'DeleteStock'; data: { stockId: string; warehouseId: string; itemCount: number; refurbStepCount: number } };

/** The warehouse's own stocks, by id. */
export interface WarehouseStocks {
  stocks: ReadonlyMap<string, StockFields>;
}

export const NO_STOCKS: WarehouseStocks = { stocks: new Map() };

export function evolveStocks(state: WarehouseStocks, event: StockEvent): WarehouseStocks {
  const stocks = new Map(state.stocks);
  switch (event.type) {
    case 'StockCreated':
    case 'StockUpdated': {
      const { name, identifier, location } = event.data;
      stocks.set(event.data.stockId, { name, identifier, location });
      break;
    }
    case 'StockDeleted':
      stocks.delete(event.data.stockId);
      break;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown event ${JSON.stringify(unknown)}`);
    }
  }
  return { stocks };
}

export function decideStocks(command: StockCommand, state: WarehouseStocks): StockEvent[] {
  const { stockId, warehouseId } = command.data;
  const native = nativeKindOf(warehouseId, stockId);
  switch (command.type) {
    case 'CreateStock': {
      if (native !== null || state.stocks.has(stockId)) throw new DomainError('STOCK_ALREADY_EXISTS', { stockId });
      const fields = checkedFields(command.data, state, stockId);
      refuseNativeName(fields.name, command.data.nativeNames);
      return [{ type: 'StockCreated', data: { stockId, warehouseId, ...fields } }];
    }
    case 'UpdateStock': {
      if (native !== null) throw new DomainError('STOCK_NATIVE_NOT_EDITABLE', { kind: native });
      const current = state.stocks.get(stockId);
      if (!current) throw new DomainError('STOCK_NOT_FOUND', { stockId });
      const fields = checkedFields(command.data, state, stockId);
      // Only a new name is checked: a stock named so before the rule may still change its identifier or location.
      if (stockNameKey(fields.name) !== stockNameKey(current.name)) refuseNativeName(fields.name, command.data.nativeNames);
      if (fields.name === current.name && fields.identifier === current.identifier && fields.location === current.location) return [];
      return [{ type: 'StockUpdated', data: { stockId, warehouseId, ...fields } }];
    }
    case 'DeleteStock': {
      if (native !== null) throw new DomainError('STOCK_NATIVE_NOT_DELETABLE', { kind: native });
      if (!state.stocks.has(stockId)) throw new DomainError('STOCK_NOT_FOUND', { stockId });
      const { itemCount, refurbStepCount } = command.data;
      if (itemCount > 0 || refurbStepCount > 0) throw new DomainError('STOCK_NOT_EMPTY', { itemCount, refurbStepCount });
      return [{ type: 'StockDeleted', data: { stockId, warehouseId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${JSON.stringify(unknown)}`);
    }
  }
}

/** Trimmed; the name required and unique (whatever the case) among the warehouse's stocks; every field at most 255 characters. */
function checkedFields(input: StockFields, state: WarehouseStocks, stockId: string): StockFields {
  const name = input.name.trim();
  if (name === '') throw new DomainError('STOCK_NAME_REQUIRED');
  const identifier = input.identifier?.trim() || null;
  const location = input.location?.trim() || null;
  for (const [field, value] of [['name', name], ['identifier', identifier], ['location', location]] as const) {
    if (value !== null && value.length > STOCK_TEXT_MAX) throw new DomainError('STOCK_FIELD_TOO_LONG', { field, max: STOCK_TEXT_MAX });
  }
  const key = name.toLocaleLowerCase('fr-FR');
  for (const [id, other] of state.stocks) {
    if (id !== stockId && other.name.toLocaleLowerCase('fr-FR') === key) throw new DomainError('STOCK_NAME_ALREADY_EXISTS', { name });
  }
  return { name, identifier, location };
}

/** A name as names are compared with the native stocks': whatever the case, the accents and the spaces ("EN  QUARANTAINE" is "En quarantaine"). */
export function stockNameKey(name: string): string {
  return name.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A stock of the warehouse's own may not take a native stock's name, in any language: two "In quarantine" would be offered as move targets. */
function refuseNativeName(name: string, nativeNames: readonly NativeStockName[]): void {
  const key = stockNameKey(name);
  const native = nativeNames.find((candidate) => stockNameKey(candidate.name) === key);
  if (native) throw new DomainError('STOCK_NAME_RESERVED', { name, kind: native.kind });
}
