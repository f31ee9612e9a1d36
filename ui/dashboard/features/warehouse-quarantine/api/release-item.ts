import { sendItemCommand, useItemCommand, type ItemCommandInput } from '../../items-stock/api/item-command';

export interface ReleaseItemBody {
  /** The stock the device physically moves to. */
  stockId: string;
  comment: string | null;
}

/** POST /api/items/{id}/release: the quarantine is lifted; the device is to be reintegrated, in the stock chosen. */
export const releaseItem = (input: ItemCommandInput<ReleaseItemBody>) => sendItemCommand('release', input);

export const useReleaseItem = () => useItemCommand(releaseItem);
