import { buybackCommand, type OnBuyback } from './buyback-command.js';
import { visibleStore } from './visible-store.js';

export interface FinalizeInStoreInput extends OnBuyback {
  storeId: string;
}

/** A store seller finalizes a web buyback pre-declared for a drop in store, once the customer brings the device. */
export const finalizeInStore = buybackCommand<FinalizeInStoreInput>({
  name: 'FinalizeBuybackInStore',
  permission: 'buyback.finalize',
  async build({ storeId }, _buyback, deps, context) {
    return { type: 'FinalizeBuybackInStore', data: { storeId: await visibleStore(deps.documents, context.principal, storeId) } };
  },
});
