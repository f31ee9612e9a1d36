// .js: Node tests load this file.
import type { StockView } from '@server/application/warehouse/warehouse-views.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * A stock as the warehouse names it: a native stock by its kind's label (it
 * has no name of its own; the labels are the server's, `api:stocks.native.<kind>`,
 * which its exports use too), another by its name. No React here.
 */
export function stockLabel(stock: Pick<StockView, 'name' | 'kind'>, t: Translate): string {
  if (stock.kind) return t(`api:stocks.native.${stock.kind}`, { defaultValue: stock.kind });
  return stock.name ?? '—';
}
