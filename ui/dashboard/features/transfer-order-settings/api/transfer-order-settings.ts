import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransferOrderSettingsView } from '@server/application/payments/transfer-order-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { api } from '../../../lib/api-client';

export type TransferOrderSettings = TransferOrderSettingsView;

const transferOrderKeys = { settings: () => ['transfer-order-settings'] as const };

/** GET /api/settings/transfer-order: the retailer's text (null: the default), the defaults per language, the variables. */
export function getTransferOrderSettings(signal?: AbortSignal): Promise<TransferOrderSettings> {
  return api.get<TransferOrderSettings>('/settings/transfer-order', { signal });
}

export const transferOrderSettingsQueryOptions = () => queryOptions({ queryKey: transferOrderKeys.settings(), queryFn: ({ signal }) => getTransferOrderSettings(signal) });

export function useTransferOrderSettings() {
  return useQuery(transferOrderSettingsQueryOptions());
}

/** PUT /api/settings/transfer-order `{ text }` (null: back to the default). */
export function saveTransferOrderText(text: string | null): Promise<CommandAnswer> {
  return api.request<CommandAnswer>('PUT', '/settings/transfer-order', { body: { text } }).then((response) => response.data);
}

export function useSaveTransferOrderText() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveTransferOrderText,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: transferOrderKeys.settings() }),
  });
}
