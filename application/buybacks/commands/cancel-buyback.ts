import type { CancelReason } from '../../../domain/buybacks/events.js';
import { buybackCommand, type OnBuyback } from './buyback-command.js';

export interface CancelBuybackInput extends OnBuyback {
  reason: CancelReason;
  comment?: string | null;
  /** Cancels even when the payment can no longer be called back. */
  force?: boolean;
}

/** Cancels the buyback (irreversible), and its payment when it can still be cancelled. */
export const cancelBuyback = buybackCommand<CancelBuybackInput>({
  name: 'CancelBuyback',
  permission: 'buyback.cancel',
  build: ({ reason, comment, force }) => ({
    type: 'CancelBuyback',
    data: { reason, comment: comment ?? '', force: force === true },
  }),
});
