import { queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchRuleKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';
import type { DispatchSettings } from '../types';

/** GET /api/warehouse-dispatch-settings: the default warehouse and the rules' revision (every command's If-Match). */
export function getDispatchSettings(signal?: AbortSignal): Promise<DispatchSettings> {
  return api.get<DispatchSettings>('/warehouse-dispatch-settings', { signal });
}

export const dispatchSettingsQueryOptions = () =>
  queryOptions({ queryKey: dispatchRuleKeys.settings(), queryFn: ({ signal }) => getDispatchSettings(signal) });

export function useDispatchSettings() {
  return useQuery(dispatchSettingsQueryOptions());
}
