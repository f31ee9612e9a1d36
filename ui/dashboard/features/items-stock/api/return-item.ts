import { sendItemCommand, useItemCommand, type ItemCommandInput } from './item-command';

export interface ReturnItemBody {
  trackingNumber: string | null;
  comment: string | null;
}

/** POST /api/items/{id}/return: the device was shipped back to its customer. */
export const returnItem = (input: ItemCommandInput<ReturnItemBody>) => sendItemCommand('return', input);

export const useReturnItem = () => useItemCommand(returnItem);
