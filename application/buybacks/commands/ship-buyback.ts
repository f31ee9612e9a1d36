import { buybackCommand, type OnBuyback } from './buyback-command.js';

export interface ShipBuybackInput extends OnBuyback {
  trackingNumber?: string | null;
  trackingLink?: string | null;
}

/** The device leaves for the warehouse. */
export const shipBuyback = buybackCommand<ShipBuybackInput>({
  name: 'ShipBuyback',
  permission: 'buyback.ship',
  build: ({ trackingNumber, trackingLink }) => ({
    type: 'ShipBuyback',
    data: { trackingNumber: trackingNumber ?? null, trackingLink: trackingLink ?? null },
  }),
});
