import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { paymentKeys } from '../../../../shared/api/query-keys';
import { apiPaging } from '../../../hooks/use-list-params';
import { api } from '../../../lib/api-client';
import { apiPaymentFilters, paymentList, type PaymentListParams } from '../list-params';
import type { PaymentPage } from '../types';

/** The query of one page of GET /payments: the filters as the API names them, and the paging. */
export type PaymentsQuery = Record<string, string | number | boolean | readonly string[] | undefined>;

/** GET /api/payments: one page of the payments the user may see, filtered and sorted. */
export function getPayments(query: PaymentsQuery, signal?: AbortSignal): Promise<PaymentPage> {
  return api.get<PaymentPage>('/payments', { query, signal });
}

export const paymentsQueryOptions = (query: PaymentsQuery) =>
  queryOptions({
    queryKey: paymentKeys.list(query),
    queryFn: ({ signal }) => getPayments(query, signal),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

/** The payment search's page for the list's parameters. */
export function usePayments(params: PaymentListParams) {
  return useQuery(paymentsQueryOptions({ ...apiPaymentFilters(params.filters), ...apiPaging(params, paymentList) }));
}

