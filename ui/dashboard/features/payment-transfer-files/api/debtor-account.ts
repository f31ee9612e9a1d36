import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DebtorAccountView } from '@server/application/payments/transfer-file-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';

export const debtorAccountKeys = { all: ['payment-debtor-account'] as const };

/** GET /api/settings/payments: the debtor account of the transfer files (configured: false until set). */
export function getDebtorAccount(signal?: AbortSignal): Promise<DebtorAccountView> {
  return api.get<DebtorAccountView>('/settings/payments', { signal });
}

export const debtorAccountQueryOptions = () => queryOptions({ queryKey: debtorAccountKeys.all, queryFn: ({ signal }) => getDebtorAccount(signal) });

export function useDebtorAccount(enabled = true) {
  return useQuery({ ...debtorAccountQueryOptions(), enabled });
}

export interface DebtorAccountInput {
  name: string;
  iban: string;
  bic: string | null;
}

/** PUT /api/settings/payments: the retailer's name, IBAN and BIC. */
export function saveDebtorAccount(input: DebtorAccountInput): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('PUT', '/settings/payments', { body: input }).then((response) => response.data);
}

export function useSaveDebtorAccount() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveDebtorAccount, onSuccess: () => queryClient.invalidateQueries({ queryKey: debtorAccountKeys.all }) });
}
