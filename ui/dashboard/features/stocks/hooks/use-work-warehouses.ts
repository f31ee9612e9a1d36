import { useMe } from '../../../lib/auth';
import { useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { tenantLabels } from '../../buybacks/components/buyback-filters';

export interface WorkWarehouse {
  id: string;
  /** Its name, with its tenant's for provider staff. */
  label: string;
}

/**
 * The warehouses the user's stocks and devices are in: their own for a
 * warehouse's staff (the API shows them no other's stocks, though the
 * tenant's references name every warehouse, for the buybacks), else every
 * warehouse they may see. The warehouse screens offer a warehouse to choose,
 * and a warehouse column, only when there are several.
 */
export function useWorkWarehouses(): WorkWarehouse[] {
  const me = useMe();
  const references = useBuybackReferences().data;
  const label = tenantLabels(references);
  const all = (references?.warehouses ?? []).map((w) => ({ id: w.id, label: label(w.name, w.accountId) }));
  const own = me.currentOrganization?.type === 'warehouse' ? me.currentOrganization : null;
  if (!own) return all;
  return [all.find((w) => w.id === own.id) ?? { id: own.id, label: own.commonName }];
}
