import type { CommandAnswer } from '@server/application/views/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { ChangeConfigurationBody, CreateConfigurationBody } from '../form-model';
import type { ConfigurationHistoryEntry, ConnectionTestAnswer, Connector, ConnectorConfiguration, ListPage } from '../types';
import { CONFIGURABLE_ORGANIZATION_TYPES } from '../catalogue-model';

/** GET /connectors and /connector-organizations…: a configuration's change refreshes every one of them (the catalogue counts them). */
export const connectorKeys = {
  all: ['connectors'] as const,
  catalogue: () => [...connectorKeys.all, 'catalogue'] as const,
  configurations: (organizationId: string, connectorId?: string) => [...connectorKeys.all, 'configurations', organizationId, connectorId ?? '*'] as const,
  configuration: (id: string) => [...connectorKeys.all, 'configuration', id] as const,
  history: (id: string) => [...connectorKeys.configuration(id), 'history'] as const,
  organizations: () => [...connectorKeys.all, 'organizations'] as const,
};

/** The API's largest page of configurations: an organization has a handful. */
const CONFIGURATIONS_PAGE = 100;

/** GET /api/connectors: the platform's whole catalogue (one page of at most 500). */
export function useConnectorCatalogue() {
  return useQuery({
    queryKey: connectorKeys.catalogue(),
    queryFn: ({ signal }) => api.get<ListPage<Connector>>('/connectors', { query: { itemsPerPage: 500 }, signal }).then((page) => page.items),
    staleTime: 5 * 60_000,
  });
}

/** GET /api/connector-organizations?organizationId=…[&connectorId=…]: the organization's configurations (of one connector). */
export function useConfigurations(organizationId: string, connectorId?: string) {
  return useQuery({
    queryKey: connectorKeys.configurations(organizationId, connectorId),
    queryFn: ({ signal }) =>
      api
        .get<ListPage<ConnectorConfiguration>>('/connector-organizations', {
          query: { organizationId, connectorId, 'order[name]': 'asc', itemsPerPage: CONFIGURATIONS_PAGE },
          signal,
        })
        .then((page) => page.items),
  });
}

/** GET /api/connector-organizations/{id}: one configuration with its revision (for If-Match); secrets only say whether they are set. */
export function useConfiguration(id: string) {
  return useQuery({
    queryKey: connectorKeys.configuration(id),
    queryFn: ({ signal }) => api.get<ConnectorConfiguration>(`/connector-organizations/${encodeURIComponent(id)}`, { signal }),
  });
}

export function useConfigurationHistory(id: string) {
  return useQuery({
    queryKey: connectorKeys.history(id),
    queryFn: ({ signal }) =>
      api.get<{ items: ConfigurationHistoryEntry[] }>(`/connector-organizations/${encodeURIComponent(id)}/history`, { signal }).then((answer) => answer.items),
  });
}

export interface OrganizationChoice {
  id: string;
  commonName: string;
  type: string;
  accountId: string;
}

/** GET /api/organizations (roots, management units and stores the caller sees, unpaged): the organizations a configuration may belong to. */
export function useOrganizationChoices(enabled: boolean) {
  return useQuery({
    queryKey: connectorKeys.organizations(),
    queryFn: ({ signal }) =>
      api
        .get<{ items: OrganizationChoice[] }>('/organizations', { query: { type: [...CONFIGURABLE_ORGANIZATION_TYPES], pagination: false }, signal })
        .then((page) => page.items.map(({ id, commonName, type, accountId }) => ({ id, commonName, type, accountId }))),
    staleTime: 60_000,
    enabled,
  });
}

/** A configuration command: the catalogue's counts, the lists and the detail change with it (not awaited: the form says it is saved at once). */
function useConfigurationMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: connectorKeys.all }),
  });
}

/** POST /api/connector-organizations (a retry with the same key answers the same configuration). */
export function useCreateConfiguration() {
  return useConfigurationMutation(({ body, idempotencyKey }: { body: CreateConfigurationBody; idempotencyKey: string }) =>
    api.post<CommandAnswer>('/connector-organizations', body, { idempotencyKey }).then((response) => response.data),
  );
}

/** PATCH /api/connector-organizations/{id} (merge-patch), If-Match the revision read. */
export function useChangeConfiguration() {
  return useConfigurationMutation(({ id, body, revision }: { id: string; body: ChangeConfigurationBody; revision: number }) =>
    api.request<CommandAnswer>('PATCH', `/connector-organizations/${encodeURIComponent(id)}`, { body, ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}

/** DELETE /api/connector-organizations/{id}, If-Match the revision read. */
export function useDeleteConfiguration() {
  return useConfigurationMutation(({ id, revision }: { id: string; revision: number }) =>
    api.request<unknown>('DELETE', `/connector-organizations/${encodeURIComponent(id)}`, { ifMatch: `W/"${revision}"` }).then((response) => response.data),
  );
}

/** POST /api/connector-organizations/{id}/test: the provider called now; its answer (ok or why not) and how long it took. */
export function useTestConfiguration() {
  return useConfigurationMutation(({ id }: { id: string }) =>
    api.post<ConnectionTestAnswer>(`/connector-organizations/${encodeURIComponent(id)}/test`, {}).then((response) => response.data),
  );
}
