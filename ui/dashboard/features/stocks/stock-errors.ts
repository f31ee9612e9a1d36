import { ApiError } from '../../../shared/api/client.js';

export type StockField = 'name' | 'identifier' | 'location' | 'warehouseId';
const FIELDS: readonly string[] = ['name', 'identifier', 'location', 'warehouseId'];

/** The API codes a stock form shows on its name field. */
const NAME_CODES = ['STOCK_NAME_ALREADY_EXISTS', 'STOCK_NAME_RESERVED', 'STOCK_NAME_REQUIRED', 'STOCK_NATIVE_NOT_EDITABLE'];

/**
 * Where a refusal of the stock form belongs: on a field (the name already
 * used or a native stock's, a field too long, the warehouse unknown or not
 * the caller's), or, when it names none,
 * under the form (null field).
 */
export function stockRefusalField(error: unknown): StockField | null {
  if (!(error instanceof ApiError)) return null;
  if (NAME_CODES.includes(error.code)) return 'name';
  if (error.code === 'WAREHOUSE_NOT_FOUND' || error.code === 'WAREHOUSE_NOT_ALLOWED') return 'warehouseId';
  const field = error.code === 'STOCK_FIELD_TOO_LONG' ? error.details?.field : error.fields[0]?.field;
  return typeof field === 'string' && FIELDS.includes(field) ? (field as StockField) : null;
}
