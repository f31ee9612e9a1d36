/** The connector screens (specification 002, "Connector routes"). */
export const connectorPaths = {
  /** The signed-in user's own organization's catalogue. */
  home: '/connectors',
  catalogue: (organizationId: string) => `/connectors/${encodeURIComponent(organizationId)}/connectors`,
  configurations: (organizationId: string, connectorId: string) =>
    `/connectors/${encodeURIComponent(organizationId)}/configurations/${encodeURIComponent(connectorId)}`,
  create: (organizationId: string, connectorId: string) =>
    `/connectors/createConfiguration?${new URLSearchParams({ organizationId, connectorId }).toString()}`,
  edit: (configurationId: string) => `/connectors/${encodeURIComponent(configurationId)}`,
  /** The single sign-on connector is configured on its own screen. */
  sso: (organizationId: string) => `/connectors/${encodeURIComponent(organizationId)}/SSO`,
} as const;
