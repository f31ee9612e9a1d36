import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { transportKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** POST /api/transports/{id}/retry-label: asks the carrier again for a label it failed to give. */
export function retryTransportLabel(id: string): Promise<CommandAnswer> {
  return api.post<CommandAnswer>(`/transports/${id}/retry-label`).then((response) => response.data);
}

export function useRetryTransportLabel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryTransportLabel,
    onSettled: () => queryClient.invalidateQueries({ queryKey: transportKeys.all }),
  });
}
