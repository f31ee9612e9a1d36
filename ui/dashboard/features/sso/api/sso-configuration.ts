import type { SsoConfigurationView, SsoHistoryView } from '@server/application/organizations/sso/sso-views';
import type { CommandAnswer } from '@server/application/views/schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ssoKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/** What the form sends: the configuration, a new secret (write-only, empty keeps the one stored) and why. */
export interface SsoConfigurationBody {
  domains: string[];
  clientId: string;
  clientSecret: string | null;
  discoveryEndpoint: string;
  scope: string;
  roleClaim: string;
  entityClaim: string | null;
  roleMatching: SsoConfigurationView['roleMatching'];
  fieldMatching: SsoConfigurationView['fieldMatching'];
  reason: string | null;
}

const base = (organizationId: string) => `/organizations/${encodeURIComponent(organizationId)}/sso-configuration`;

/** GET /api/organizations/{id}/sso-configuration: the configuration (never its secret), its revision for If-Match. */
export const ssoConfigurationQueryOptions = (organizationId: string) =>
  queryOptions({
    queryKey: ssoKeys.detail(organizationId),
    queryFn: ({ signal }) => api.get<SsoConfigurationView>(base(organizationId), { signal }),
  });

export function useSsoConfiguration(organizationId: string) {
  return useQuery(ssoConfigurationQueryOptions(organizationId));
}

/** GET /api/organizations/{id}/sso-configuration/history: every save, oldest first. */
export function useSsoHistory(organizationId: string) {
  return useQuery({
    queryKey: ssoKeys.history(organizationId),
    queryFn: ({ signal }) => api.get<SsoHistoryView>(`${base(organizationId)}/history`, { signal }),
  });
}

/** PUT /api/organizations/{id}/sso-configuration with If-Match the revision read; refreshes the configuration and its history. */
export function useSaveSsoConfiguration(organizationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, revision }: { body: SsoConfigurationBody; revision: number }) =>
      api
        .request<CommandAnswer>('PUT', base(organizationId), { body, ...(revision >= 0 ? { ifMatch: `W/"${revision}"` } : {}) })
        .then((response) => response.data),
    // Not awaited: the form, keyed by the revision, is replaced once the new one is read; the caller's own callbacks run first.
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: ssoKeys.detail(organizationId) });
    },
  });
}
