import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import type { Money } from '../../../../shared/format/format';

/** The part of GET /buybacks/{id} the confirmation shows. */
export interface CreatedBuybackDetail {
  id: string;
  identificationNumber: string;
  status: string;
  product: { label: string; brand: string };
  declaredPrice: Money;
  paymentMode: { label: string };
  shippingMethodId: string;
  circuit: { name: string };
}

export function getCreatedBuyback(api: ApiClient, id: string, signal?: AbortSignal): Promise<CreatedBuybackDetail> {
  return api.get<CreatedBuybackDetail>(`/buybacks/${encodeURIComponent(id)}`, { signal });
}

/** Under ['buybacks', …]: the create's invalidation of that prefix refreshes it too. */
export const createdBuybackQueryOptions = (api: ApiClient, id: string) =>
  queryOptions({
    queryKey: ['buybacks', 'created', id],
    queryFn: ({ signal }) => getCreatedBuyback(api, id, signal),
  });

export function useCreatedBuyback(id: string) {
  const { api } = useAppEnvironment();
  return useQuery(createdBuybackQueryOptions(api, id));
}
