import { money } from '../../../domain/shared/money.js';
import { buybackCommand, type OnBuyback } from './buyback-command.js';

export interface CompleteByPriceInput extends OnBuyback {
  controlledPriceInCents?: number | null;
  comment?: string | null;
}

/** The check confirms the declaration: the declared price is validated. */
export const completeByPrice = buybackCommand<CompleteByPriceInput>({
  name: 'CompleteBuybackByPrice',
  permission: 'buyback.control',
  build: ({ controlledPriceInCents, comment }, buyback) => ({
    type: 'CompleteBuybackByPrice',
    data: {
      controlledPrice: controlledPriceInCents == null ? null : money(controlledPriceInCents, buyback.declaredPrice.currency),
      comment: comment ?? null,
    },
  }),
});
