import { nativeKindOf } from '@server/domain/warehouse/stocks/native-stocks.js';
import type { StockView } from '@server/application/warehouse/warehouse-views.js';
import { stockLabel } from '../../components/warehouse-item/stock-label.js';
import type { Replay, Translate } from './replay-data.js';

/**
 * How the replay names the stocks its events record by id: a native stock
 * of the item's warehouse by its kind (its id follows from the warehouse, as
 * the domain derives it), another by its name from the warehouse's stocks,
 * or from the state shown; else "a stock of the warehouse" (the user may not
 * list stocks, or it was deleted since). No React here: Node tests load it.
 */
export function stockNamer(replay: Replay, stocks: readonly StockView[] | undefined, t: Translate): (stockId: string | null) => string {
  const warehouseId = itemWarehouseOf(replay);
  const current = replay.state.item?.stock ?? null;
  return (stockId) => {
    if (!stockId) return t('stockNames.none');
    const kind = warehouseId ? nativeKindOf(warehouseId, stockId) : null;
    if (kind) return stockLabel({ kind, name: null }, t);
    const known = stocks?.find((stock) => stock.id === stockId) ?? (current?.id === stockId ? current : null);
    return known ? stockLabel(known, t) : t('stockNames.unknown');
  };
}

/** The item's warehouse, from its creation (recorded whatever the moment shown), else from the state shown. */
export function itemWarehouseOf(replay: Replay): string | null {
  const created = replay.events.find((event) => event.type === 'ItemCreated')?.data.warehouseId;
  return typeof created === 'string' ? created : (replay.state.item?.warehouseId ?? null);
}
