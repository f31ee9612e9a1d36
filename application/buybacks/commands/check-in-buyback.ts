import { buybackCommand, type OnBuyback } from './buyback-command.js';

export type CheckInBuybackInput = OnBuyback;

/** The warehouse registers the device: a warehouse user at their warehouse, provider staff at the buyback's destination. */
export const checkInBuyback = buybackCommand<CheckInBuybackInput>({
  name: 'CheckInBuyback',
  permission: 'buyback.check_in',
  build: (_input, buyback, _deps, { principal }) => ({
    type: 'CheckInBuyback',
    data: { warehouseId: principal.module === 'rps' && principal.organizationId ? principal.organizationId : buyback.warehouseId },
  }),
});
