import { buybackCommand, type OnBuyback } from './buyback-command.js';

export type CompleteBuybackInput = OnBuyback;

/** Completes a received buyback without a compliance check, at its declared price. */
export const completeBuyback = buybackCommand<CompleteBuybackInput>({
  name: 'CompleteBuyback',
  permission: 'buyback.control',
  build: () => ({ type: 'CompleteBuyback', data: {} }),
});
