import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { Payment } from '../types';

export interface PaymentWithVersion {
  payment: Payment;
  /** The revision to send back in If-Match with a command. */
  etag: string | null;
}

/** GET /api/payments/{id}, with its ETag. */
export async function getPayment(id: string, signal?: AbortSignal): Promise<PaymentWithVersion> {
  const response = await api.request<Payment>('GET', `/payments/${encodeURIComponent(id)}`, { signal });
  return { payment: response.data, etag: response.etag };
}

export const paymentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: paymentKeys.detail(id),
    queryFn: ({ signal }) => getPayment(id, signal),
    staleTime: 0,
  });

export function usePayment(id: string) {
  return useQuery(paymentQueryOptions(id));
}
