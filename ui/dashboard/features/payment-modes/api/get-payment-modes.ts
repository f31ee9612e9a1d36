import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentModeKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import { apiPaging } from '../../../hooks/use-list-params';
import { apiPaymentModeFilters, paymentModeList, type PaymentModeListParams } from '../list-params';
import type { PaymentModePage } from '../types';

/** GET /api/payment-modes: one page of the retailer's payment modes. */
export function getPaymentModes(params: PaymentModeListParams, signal?: AbortSignal): Promise<PaymentModePage> {
  return api.get<PaymentModePage>('/payment-modes', { query: { ...apiPaymentModeFilters(params.filters), ...apiPaging(params, paymentModeList) }, signal });
}

export const paymentModesQueryOptions = (params: PaymentModeListParams) =>
  queryOptions({ queryKey: paymentModeKeys.list(params), queryFn: ({ signal }) => getPaymentModes(params, signal), placeholderData: keepPreviousData });

export function usePaymentModes(params: PaymentModeListParams) {
  return useQuery(paymentModesQueryOptions(params));
}
