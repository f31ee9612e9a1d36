import { describe, expect, it } from 'vitest';
import { checkTransferOrderText, TRANSFER_ORDER_VARIABLES } from '../../domain/payments/transfer-order.js';
import { insertAt } from '../../ui/dashboard/features/transfer-order-settings/insert-variable.js';

/** The settings screen's dropdown puts a variable where the cursor is, replacing the selection, and the text stays valid. */
describe('inserting a transfer order variable at the cursor', () => {
  it('puts it at the caret and moves the caret after it', () => {
    expect(insertAt('Je cède  pour ce prix.', 8, 8, '{{product_label}}')).toEqual({ text: 'Je cède {{product_label}} pour ce prix.', caret: 25 });
  });

  it('replaces the selected words', () => {
    expect(insertAt('Prix : PRIX.', 7, 11, '{{total_price}}')).toEqual({ text: 'Prix : {{total_price}}.', caret: 22 });
  });

  it('gives a text the API accepts, whichever variable is inserted wherever', () => {
    const base = 'Le client cède son produit.';
    for (const variable of TRANSFER_ORDER_VARIABLES) {
      for (let at = 0; at <= base.length; at += 7) {
        expect(() => checkTransferOrderText(insertAt(base, at, at, `{{${variable}}}`).text)).not.toThrow();
      }
    }
  });
});
