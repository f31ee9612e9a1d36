import { SelectFilter } from '../../../components/list';
import { useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { tenantLabels } from '../../buybacks/components/buyback-filters';

interface Props {
  label: string;
  all: string;
  value: string;
  onChange(warehouseId: string): void;
}

/** The warehouse filter of the warehouse's lists: offered only to who sees several warehouses, named with their tenant's for provider staff. */
export function WarehouseFilter({ label, all, value, onChange }: Props) {
  const references = useBuybackReferences().data;
  const named = tenantLabels(references);
  const warehouses = references?.warehouses ?? [];
  if (warehouses.length <= 1) return null;
  return <SelectFilter label={label} value={value} onChange={onChange} all={all} options={warehouses.map((w) => ({ id: w.id, label: named(w.name, w.accountId) }))} />;
}
