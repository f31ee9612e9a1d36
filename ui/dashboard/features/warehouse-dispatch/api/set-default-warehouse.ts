import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';
import { useDispatchMutation } from './dispatch-mutation';
import { ifMatchOf } from './revision';

/** PUT /api/warehouse-dispatch-settings: the warehouse a device no rule sends anywhere goes to (null: none, such a buyback is refused). */
export function setDefaultWarehouse({ warehouseId, revision }: { warehouseId: string | null; revision: number }): Promise<CommandAnswer> {
  return api
    .request<CommandAnswer>('PUT', '/warehouse-dispatch-settings', { body: { defaultWarehouseId: warehouseId }, ifMatch: ifMatchOf(revision) })
    .then((response) => response.data);
}

export function useSetDefaultWarehouse() {
  return useDispatchMutation(setDefaultWarehouse);
}
