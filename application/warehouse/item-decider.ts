import { decide } from '../../domain/warehouse/items/decide.js';
import { evolveItem, initialItem, type ItemSnapshot } from '../../domain/warehouse/items/machine.js';
import type { ItemCommand } from '../../domain/warehouse/items/commands.js';
import type { ItemEvent } from '../../domain/warehouse/items/events.js';
import { decideStocks, evolveStocks, NO_STOCKS, type StockCommand, type StockEvent, type WarehouseStocks } from '../../domain/warehouse/stocks/stocks.js';
import type { Decider } from '../commands/command-handler.js';

export const itemDecider: Decider<ItemSnapshot, ItemCommand, ItemEvent> = {
  initialState: initialItem,
  evolve: evolveItem,
  decide,
};

export const stocksDecider: Decider<WarehouseStocks, StockCommand, StockEvent> = {
  initialState: () => NO_STOCKS,
  evolve: evolveStocks,
  decide: decideStocks,
};
