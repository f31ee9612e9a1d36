import type { LostPlace } from '../types';
import { sendItemCommand, useItemCommand, type ItemCommandInput } from './item-command';

export interface DeclareItemLostBody {
  place: LostPlace;
  comment: string;
}

/** POST /api/items/{id}/lost: lost in the store, in transport or in the warehouse; its buyback is completed. */
export const declareItemLost = (input: ItemCommandInput<DeclareItemLostBody>) => sendItemCommand('lost', input);

export const useDeclareItemLost = () => useItemCommand(declareItemLost);
