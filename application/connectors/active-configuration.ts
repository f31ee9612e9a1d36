/**
 * Which configuration serves an organization for a connector type
 * (transport, payment_mode): its own active one, else its nearest
 * ancestor's (store → management unit → root), else none (the installation's
 * default from the environment then serves it). An organization not named
 * (a payment of a web buyback) is its account's root. The secrets stay
 * sealed here; the adapter that calls the provider opens them.
 */
import type { ConnectorType } from '../../domain/connectors/catalogue.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../organizations/read-models.js';
import type { DocumentStore } from '../ports/document-store.js';
import { CONNECTOR_COLLECTIONS, type ConfigurationDocument } from './read-model.js';

/** Deeper than any tree the platform builds (root, management units, stores): a cycle in bad data ends here. */
const MAX_DEPTH = 12;

export async function activeConfigurationFor(
  documents: DocumentStore,
  target: { accountId: string | null; organizationId: string | null },
  type: ConnectorType,
): Promise<ConfigurationDocument | null> {
  const organizations = documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations);
  const configurations = documents.collection<ConfigurationDocument>(CONNECTOR_COLLECTIONS.configurations);
  let organizationId = target.organizationId;
  if (organizationId === null) {
    if (target.accountId === null) return null;
    const [root] = await organizations.find({ accountId: target.accountId, parentOrganizationId: null }, { limit: 1 });
    organizationId = root?._id ?? null;
  }
  for (let depth = 0; organizationId !== null && depth < MAX_DEPTH; depth++) {
    const [active] = await configurations.find({ organizationId, connectorType: type, active: true }, { limit: 1 });
    if (active) return active;
    const organization = await organizations.get(organizationId);
    organizationId = organization?.parentOrganizationId ?? null;
  }
  return null;
}
