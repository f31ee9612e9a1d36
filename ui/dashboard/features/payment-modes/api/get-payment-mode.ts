import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentModeKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { PaymentMode } from '../types';

/** GET /api/payment-modes/{id}: one mode, with its revision (for If-Match) and whether a bonus or malus may be set. */
export function getPaymentMode(id: string, signal?: AbortSignal): Promise<PaymentMode> {
  return api.get<PaymentMode>(`/payment-modes/${encodeURIComponent(id)}`, { signal });
}

export const paymentModeQueryOptions = (id: string) => queryOptions({ queryKey: paymentModeKeys.detail(id), queryFn: ({ signal }) => getPaymentMode(id, signal) });

export function usePaymentMode(id: string) {
  return useQuery(paymentModeQueryOptions(id));
}
