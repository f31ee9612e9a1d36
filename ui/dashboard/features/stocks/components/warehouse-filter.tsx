import { SelectFilter } from '../../../components/list';
import { useWorkWarehouses } from '../hooks/use-work-warehouses';

interface Props {
  label: string;
  all: string;
  value: string;
  onChange(warehouseId: string): void;
}

/** The warehouse filter of the warehouse's lists: offered only to who sees several warehouses, named with their tenant's for provider staff. */
export function WarehouseFilter({ label, all, value, onChange }: Props) {
  const warehouses = useWorkWarehouses();
  if (warehouses.length <= 1) return null;
  return <SelectFilter label={label} value={value} onChange={onChange} all={all} options={warehouses} />;
}
