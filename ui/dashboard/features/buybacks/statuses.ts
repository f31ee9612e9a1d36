import type { BuybackStatus } from './types';

/**
 * The dashboard's captions (specification 000, section 4): the four completed
 * statuses read "finalized"; the detail adds how it was completed.
 */
export const STATUS_CAPTIONS = ['predeclared', 'awaitingShipment', 'inTransit', 'processing', 'finalized', 'notCompleted', 'cancelled'] as const;
export type StatusCaption = (typeof STATUS_CAPTIONS)[number];

export const STATUSES_BY_CAPTION: Record<StatusCaption, BuybackStatus[]> = {
  predeclared: ['bb_awaiting_store_drop'],
  awaitingShipment: ['bb_awaiting_inventory'],
  inTransit: ['bb_in_transit'],
  processing: ['bb_in_processing'],
  finalized: ['bb_completed', 'bb_completed_by_price', 'bb_completed_with_absorption', 'bb_completed_with_negociation'],
  notCompleted: ['bb_not_completed'],
  cancelled: ['bb_cancelled'],
};

export function captionOf(status: BuybackStatus): StatusCaption {
  return (Object.keys(STATUSES_BY_CAPTION) as StatusCaption[]).find((caption) => STATUSES_BY_CAPTION[caption].includes(status)) ?? 'processing';
}

export const CAPTION_COLOR: Record<StatusCaption, string> = {
  predeclared: 'purple',
  awaitingShipment: 'orange',
  inTransit: 'blue',
  processing: 'cyan',
  finalized: 'green',
  notCompleted: 'gray',
  cancelled: 'red',
};
