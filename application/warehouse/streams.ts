import { streamCategory } from '../events/streams.js';

export const WAREHOUSE_STREAMS = {
  /** One per item (device); its id follows from its buyback's. */
  item: streamCategory('item'),
  /** One per warehouse: its own stocks, whose names are unique together. */
  warehouseStocks: streamCategory('warehouse_stocks'),
  /** One per verification of a list of codes against what a warehouse expects. */
  verification: streamCategory('warehouse_verification'),
} as const;
