import { describe, expect, it } from 'vitest';
import { ApiError } from '../../ui/shared/api/client.js';
import { stockRefusalField } from '../../ui/dashboard/features/stocks/stock-errors.js';

const refusal = (code: string, details: Record<string, unknown> = {}, status = 409) => new ApiError(status, code, code, details);

describe('Given a refusal of the stock form', () => {
  it.each([
    ['a name another stock has', 'STOCK_NAME_ALREADY_EXISTS', 'name'],
    ['a native stock’s name', 'STOCK_NAME_RESERVED', 'name'],
    ['a warehouse unknown', 'WAREHOUSE_NOT_FOUND', 'warehouseId'],
    ['a warehouse not the caller’s', 'WAREHOUSE_NOT_ALLOWED', 'warehouseId'],
  ])('When it is %s, then it shows on that field', (_what, code, field) => {
    expect(stockRefusalField(refusal(code))).toBe(field);
  });

  it('When it names no field of the form, then it shows under the form', () => {
    expect(stockRefusalField(refusal('ACCOUNT_NOT_ALLOWED', {}, 403))).toBeNull();
  });
});
