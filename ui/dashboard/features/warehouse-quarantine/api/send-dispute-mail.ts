import { sendItemCommand, useItemCommand, type ItemCommandInput } from '../../items-stock/api/item-command';

/** POST /api/items/{id}/quarantine-mail: the dispute e-mail again; whether it left is recorded on the item (item.disputeMail). */
export const sendDisputeMail = (input: ItemCommandInput<Record<string, never>>) => sendItemCommand('quarantine-mail', input);

export const useSendDisputeMail = () => useItemCommand(sendDisputeMail);
