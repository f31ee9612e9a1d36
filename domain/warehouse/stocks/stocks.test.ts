import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import { NATIVE_STOCK_KINDS, nativeKindOf, nativeStockId } from './native-stocks.js';
import {
  NO_STOCKS,
  STOCK_TEXT_MAX,
  decideStocks,
  evolveStocks,
  stockNameKey,
  type StockCommand,
  type StockEvent,
  type NativeStockName,
  type StockFields,
  type WarehouseStocks,
} from './stocks.js';

const WAREHOUSE_ID = 'warehouse-lyon';
const OTHER_WAREHOUSE_ID = 'warehouse-lille';
const SHELF_A = 'stock-shelf-a';
const SHELF_B = 'stock-shelf-b';

/** Two languages' names of two native stocks, as the application reads them from the texts. */
const NATIVE_NAMES: NativeStockName[] = [
  { kind: 'in_quarantine', name: 'En quarantaine' },
  { kind: 'in_quarantine', name: 'In Quarantäne' },
  { kind: 'to_refurbish', name: 'À reconditionner' },
  { kind: 'to_refurbish', name: 'To refurbish' },
];

const spec = deciderSpecification<WarehouseStocks, StockCommand, StockEvent>({
  initialState: () => NO_STOCKS,
  evolve: evolveStocks,
  decide: decideStocks,
});

function fields(overrides: Partial<StockFields> = {}): StockFields {
  return { name: 'Shelf A', identifier: 'A-01', location: 'Aisle 1', ...overrides };
}

function createStock(stockId = SHELF_A, input: Partial<StockFields> = {}): StockCommand {
  return { type: 'CreateStock', data: { stockId, warehouseId: WAREHOUSE_ID, nativeNames: NATIVE_NAMES, ...fields(input) } };
}

function updateStock(stockId = SHELF_A, input: Partial<StockFields> = {}): StockCommand {
  return { type: 'UpdateStock', data: { stockId, warehouseId: WAREHOUSE_ID, nativeNames: NATIVE_NAMES, ...fields(input) } };
}

function deleteStock(stockId = SHELF_A, itemCount = 0, refurbStepCount = 0): StockCommand {
  return { type: 'DeleteStock', data: { stockId, warehouseId: WAREHOUSE_ID, itemCount, refurbStepCount } };
}

function stockCreated(stockId = SHELF_A, data: Partial<StockFields> = {}): StockEvent {
  return { type: 'StockCreated', data: { stockId, warehouseId: WAREHOUSE_ID, ...fields(data) } };
}

function stockUpdated(stockId = SHELF_A, data: Partial<StockFields> = {}): StockEvent {
  return { type: 'StockUpdated', data: { stockId, warehouseId: WAREHOUSE_ID, ...fields(data) } };
}

function stockDeleted(stockId = SHELF_A): StockEvent {
  return { type: 'StockDeleted', data: { stockId, warehouseId: WAREHOUSE_ID } };
}

const SHELF_A_CREATED = stockCreated();

describe('creating a stock', () => {
  it('given no stock, when one is created, then it is recorded with its name, identifier and location', () => {
    const { state } = spec.given().when(createStock()).then([stockCreated()]);
    expect(state.stocks.get(SHELF_A)).toEqual(fields());
  });

  it('given no stock, when one is created with spaces around its texts, then they are trimmed', () => {
    spec
      .given()
      .when(createStock(SHELF_A, { name: '  Shelf A ', identifier: ' A-01  ', location: '\tAisle 1\n' }))
      .then([stockCreated(SHELF_A, { name: 'Shelf A', identifier: 'A-01', location: 'Aisle 1' })]);
  });

  it('given no stock, when it is created with a blank identifier and location, then they are recorded as none', () => {
    spec
      .given()
      .when(createStock(SHELF_A, { identifier: '   ', location: '' }))
      .then([stockCreated(SHELF_A, { identifier: null, location: null })]);
  });

  it.each(['', '   '])('given no stock, when one is created with the name %j, then it is refused with STOCK_NAME_REQUIRED', (name) => {
    spec.given().when(createStock(SHELF_A, { name })).thenRefused('STOCK_NAME_REQUIRED');
  });

  it.each([
    ['its name', 'Shelf A', 'shelf a'],
    ['its name in capitals', 'Shelf A', 'SHELF A'],
    ['its name with spaces around', 'Shelf A', '  shelf A  '],
    ['its accented name', 'Étagère', 'étagère'],
  ])('given a stock, when another is created with %s, then it is refused with STOCK_NAME_ALREADY_EXISTS', (_title, existing, name) => {
    spec
      .given(stockCreated(SHELF_A, { name: existing }))
      .when(createStock(SHELF_B, { name }))
      .thenRefused('STOCK_NAME_ALREADY_EXISTS', { name: name.trim() });
  });

  it('given a stock, when another is created with a different name, then both exist', () => {
    const { state } = spec.given(SHELF_A_CREATED).when(createStock(SHELF_B, { name: 'Shelf B' })).then([stockCreated(SHELF_B, { name: 'Shelf B' })]);
    expect([...state.stocks.keys()]).toEqual([SHELF_A, SHELF_B]);
  });

  it('given a stock, when a stock is created with its id again, then it is refused with STOCK_ALREADY_EXISTS', () => {
    spec.given(SHELF_A_CREATED).when(createStock(SHELF_A, { name: 'Other' })).thenRefused('STOCK_ALREADY_EXISTS', { stockId: SHELF_A });
  });

  it('given no stock, when one is created with the id of a native stock, then it is refused with STOCK_ALREADY_EXISTS', () => {
    const toApprove = nativeStockId(WAREHOUSE_ID, 'to_approve');
    spec.given().when(createStock(toApprove)).thenRefused('STOCK_ALREADY_EXISTS', { stockId: toApprove });
  });

  it('given a stock that was deleted, when another takes its name, then it is accepted', () => {
    spec.given(SHELF_A_CREATED, stockDeleted()).when(createStock(SHELF_B)).then([stockCreated(SHELF_B)]);
  });
});

describe('a native stock’s name', () => {
  it.each([
    ['its French name', 'En quarantaine', 'in_quarantine'],
    ['its German name in capitals', 'IN QUARANTÄNE', 'in_quarantine'],
    ['its German name without the umlaut', 'in quarantane', 'in_quarantine'],
    ['its French name without accents and with spaces', '  a   reconditionner ', 'to_refurbish'],
    ['its English name', 'to Refurbish', 'to_refurbish'],
  ])('given no stock, when one is created with %s, then it is refused with STOCK_NAME_RESERVED naming the kind', (_title, name, kind) => {
    spec.given().when(createStock(SHELF_A, { name })).thenRefused('STOCK_NAME_RESERVED', { name: name.trim(), kind });
  });

  it('given no stock, when one is created with a name that only contains a native name, then it is accepted', () => {
    spec
      .given()
      .when(createStock(SHELF_A, { name: 'En quarantaine 2' }))
      .then([stockCreated(SHELF_A, { name: 'En quarantaine 2' })]);
  });

  it('given a stock, when it is renamed to a native name, then it is refused with STOCK_NAME_RESERVED', () => {
    spec.given(SHELF_A_CREATED).when(updateStock(SHELF_A, { name: 'en QUARANTAINE' })).thenRefused('STOCK_NAME_RESERVED', { name: 'en QUARANTAINE', kind: 'in_quarantine' });
  });

  it('given a stock named like a native one before the rule, when only its location changes, then it is accepted', () => {
    spec
      .given(stockCreated(SHELF_A, { name: 'En quarantaine' }))
      .when(updateStock(SHELF_A, { name: 'En quarantaine', location: 'Aisle 9' }))
      .then([stockUpdated(SHELF_A, { name: 'En quarantaine', location: 'Aisle 9' })]);
  });

  it('compares names whatever the case, the accents and the spaces', () => {
    expect(stockNameKey('  À   Valider ')).toBe(stockNameKey('a valider'));
    expect(stockNameKey('Quarantäne')).toBe('quarantane');
    expect(stockNameKey('Étagère A')).not.toBe(stockNameKey('Etagere B'));
  });
});

describe('the length of a stock’s texts', () => {
  const LONGEST = 'x'.repeat(STOCK_TEXT_MAX);
  const TOO_LONG = 'x'.repeat(STOCK_TEXT_MAX + 1);

  it('allows 255 characters', () => {
    expect(STOCK_TEXT_MAX).toBe(255);
  });

  it.each(['name', 'identifier', 'location'] as const)('given no stock, when its %s has 255 characters, then it is accepted', (field) => {
    spec.given().when(createStock(SHELF_A, { [field]: LONGEST })).then([stockCreated(SHELF_A, { [field]: LONGEST })]);
  });

  it.each(['name', 'identifier', 'location'] as const)('given no stock, when its %s has 256 characters, then it is refused with STOCK_FIELD_TOO_LONG', (field) => {
    spec.given().when(createStock(SHELF_A, { [field]: TOO_LONG })).thenRefused('STOCK_FIELD_TOO_LONG', { field, max: 255 });
  });

  it('given no stock, when its name has 255 characters and spaces around, then it is measured trimmed', () => {
    spec.given().when(createStock(SHELF_A, { name: `  ${LONGEST}  ` })).then([stockCreated(SHELF_A, { name: LONGEST })]);
  });

  it('given a stock, when it is renamed to 256 characters, then it is refused with STOCK_FIELD_TOO_LONG', () => {
    spec.given(SHELF_A_CREATED).when(updateStock(SHELF_A, { name: TOO_LONG })).thenRefused('STOCK_FIELD_TOO_LONG', { field: 'name', max: 255 });
  });
});

describe('renaming a stock', () => {
  it('given a stock, when it is renamed, then the new name is recorded', () => {
    const { state } = spec.given(SHELF_A_CREATED).when(updateStock(SHELF_A, { name: 'Returns shelf' })).then([stockUpdated(SHELF_A, { name: 'Returns shelf' })]);
    expect(state.stocks.get(SHELF_A)?.name).toBe('Returns shelf');
  });

  it('given a stock, when it is renamed to its own name in other capitals, then it is accepted: a stock does not clash with itself', () => {
    spec.given(SHELF_A_CREATED).when(updateStock(SHELF_A, { name: 'SHELF A' })).then([stockUpdated(SHELF_A, { name: 'SHELF A' })]);
  });

  it('given a stock, when it is saved unchanged, then nothing is recorded', () => {
    spec.given(SHELF_A_CREATED).when(updateStock(SHELF_A, { name: ' Shelf A ' })).then([]);
  });

  it('given two stocks, when one is renamed to the other’s name whatever its case, then it is refused with STOCK_NAME_ALREADY_EXISTS', () => {
    spec
      .given(SHELF_A_CREATED, stockCreated(SHELF_B, { name: 'Shelf B' }))
      .when(updateStock(SHELF_B, { name: 'shelf a' }))
      .thenRefused('STOCK_NAME_ALREADY_EXISTS', { name: 'shelf a' });
  });

  it('given no stock, when an unknown one is renamed, then it is refused with STOCK_NOT_FOUND', () => {
    spec.given().when(updateStock(SHELF_A)).thenRefused('STOCK_NOT_FOUND', { stockId: SHELF_A });
  });

  it('given a stock deleted, when it is renamed, then it is refused with STOCK_NOT_FOUND', () => {
    spec.given(SHELF_A_CREATED, stockDeleted()).when(updateStock(SHELF_A)).thenRefused('STOCK_NOT_FOUND', { stockId: SHELF_A });
  });

  it.each(NATIVE_STOCK_KINDS)('given the native stock %s, when it is renamed, then it is refused with STOCK_NATIVE_NOT_EDITABLE', (kind) => {
    spec.given().when(updateStock(nativeStockId(WAREHOUSE_ID, kind), { name: 'Mine' })).thenRefused('STOCK_NATIVE_NOT_EDITABLE', { kind });
  });
});

describe('deleting a stock', () => {
  it('given an empty stock, when it is deleted, then it is gone', () => {
    const { state } = spec.given(SHELF_A_CREATED).when(deleteStock()).then([stockDeleted()]);
    expect(state.stocks.has(SHELF_A)).toBe(false);
  });

  it('given a stock holding items, when it is deleted, then it is refused with STOCK_NOT_EMPTY and what it holds', () => {
    spec.given(SHELF_A_CREATED).when(deleteStock(SHELF_A, 3, 0)).thenRefused('STOCK_NOT_EMPTY', { itemCount: 3, refurbStepCount: 0 });
  });

  it('given a stock some refurbishment steps use, when it is deleted, then it is refused with STOCK_NOT_EMPTY', () => {
    spec.given(SHELF_A_CREATED).when(deleteStock(SHELF_A, 0, 2)).thenRefused('STOCK_NOT_EMPTY', { itemCount: 0, refurbStepCount: 2 });
  });

  it('given no stock, when an unknown one is deleted, then it is refused with STOCK_NOT_FOUND', () => {
    spec.given().when(deleteStock()).thenRefused('STOCK_NOT_FOUND', { stockId: SHELF_A });
  });

  it.each(NATIVE_STOCK_KINDS)('given the native stock %s, when it is deleted, then it is refused with STOCK_NATIVE_NOT_DELETABLE, even empty', (kind) => {
    spec.given().when(deleteStock(nativeStockId(WAREHOUSE_ID, kind))).thenRefused('STOCK_NATIVE_NOT_DELETABLE', { kind });
  });
});

describe('native stocks', () => {
  it('every warehouse has the five native stocks of the specification', () => {
    expect([...NATIVE_STOCK_KINDS].sort()).toEqual(['customer_return', 'in_quarantine', 'refurb_completed', 'to_approve', 'to_refurbish']);
  });

  it('their ids are derived from the warehouse and the kind: the same every time, distinct from each other and between warehouses', () => {
    const ids = [WAREHOUSE_ID, OTHER_WAREHOUSE_ID].flatMap((warehouseId) => NATIVE_STOCK_KINDS.map((kind) => nativeStockId(warehouseId, kind)));
    expect(new Set(ids).size).toBe(ids.length);
    expect(NATIVE_STOCK_KINDS.map((kind) => nativeStockId(WAREHOUSE_ID, kind))).toEqual(NATIVE_STOCK_KINDS.map((kind) => nativeStockId(WAREHOUSE_ID, kind)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-8[0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('a native stock id names its kind in its own warehouse only', () => {
    for (const kind of NATIVE_STOCK_KINDS) {
      expect(nativeKindOf(WAREHOUSE_ID, nativeStockId(WAREHOUSE_ID, kind))).toBe(kind);
      expect(nativeKindOf(OTHER_WAREHOUSE_ID, nativeStockId(WAREHOUSE_ID, kind))).toBeNull();
    }
    expect(nativeKindOf(WAREHOUSE_ID, SHELF_A)).toBeNull();
  });
});
