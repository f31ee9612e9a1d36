import type { AbsorptionRule } from '../../../domain/buybacks/absorption.js';
import { money } from '../../../domain/shared/money.js';
import type { CatalogService } from '../../catalog/catalog-service.js';
import { buybackCommand, type OnBuyback } from './buyback-command.js';

export interface AbsorbPriceDeviationInput extends OnBuyback {
  controlledPriceInCents: number;
  comment?: string | null;
}

/** The retailer's absorption rule covers the deviation found at the check: the declared price stands. */
export const absorbPriceDeviation = buybackCommand<AbsorbPriceDeviationInput>({
  name: 'AbsorbPriceDeviation',
  permission: 'buyback.control',
  async build({ controlledPriceInCents, comment }, buyback, deps) {
    return {
      type: 'AbsorbPriceDeviation',
      data: {
        controlledPrice: money(controlledPriceInCents, buyback.declaredPrice.currency),
        rule: await absorptionRuleOf(deps.catalog, buyback.accountId, buyback.product.categoryId),
        comment: comment ?? null,
      },
    };
  },
});

/** The rule of the nearest category (the product's own first) that has one; none without the `absorption` premium feature. */
export async function absorptionRuleOf(catalog: CatalogService, accountId: string, categoryId: string): Promise<AbsorptionRule> {
  return catalog.absorptionRule(accountId, categoryId);
}
