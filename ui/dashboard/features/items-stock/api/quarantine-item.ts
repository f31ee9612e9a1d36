import type { QuarantineReason } from '../types';
import { sendItemCommand, useItemCommand, type ItemCommandInput } from './item-command';

export interface QuarantineItemBody {
  reason: QuarantineReason;
  comment: string;
}

/** POST /api/items/{id}/quarantine: held in the quarantine stock; the customer is e-mailed why. */
export const quarantineItem = (input: ItemCommandInput<QuarantineItemBody>) => sendItemCommand('quarantine', input);

export const useQuarantineItem = () => useItemCommand(quarantineItem);
