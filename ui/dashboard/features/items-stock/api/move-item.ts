import { sendItemCommand, useItemCommand, type ItemCommandInput } from './item-command';

export interface MoveItemBody {
  stockId: string;
  reason: string;
}

/** POST /api/items/{id}/move: into another stock of its warehouse, for a reason its history keeps. */
export const moveItem = (input: ItemCommandInput<MoveItemBody>) => sendItemCommand('move', input);

export const useMoveItem = () => useItemCommand(moveItem);
