/**
 * Finding entities within the caller's tenant: one by id (another tenant's
 * answers ENTITY_NOT_FOUND, never its existence), the facts the rules need
 * about a parent or a buyer (its type and its ancestors), and who already
 * holds an external id.
 */
import type { OrganizationFacts } from '../../../domain/organizations/organization/validate.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { escapeRegex } from '../../catalog/catalog-service.js';
import { PLATFORM_STAFF } from '../permissions.js';
import { tenantFilter, type Principal } from '../principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../read-models.js';

/** What the entities' commands and queries work with. */
export interface EntityPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** A tree is never deeper than this: a walk up from an entity stops there (a cycle written before the rule would otherwise loop). */
export const MAX_TREE_DEPTH = 64;

export const organizations = (documents: DocumentStore) => documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations);

/** An entity of the caller's tenant, or ENTITY_NOT_FOUND (another tenant's too). */
export async function visibleOrganization(documents: DocumentStore, principal: Principal, organizationId: string): Promise<OrganizationDocument> {
  const [found] = await organizations(documents).find({ $and: [tenantFilter(principal), { _id: organizationId }] }, { limit: 1 });
  if (!found) throw new ApplicationError('ENTITY_NOT_FOUND', { organizationId });
  return found;
}

/** The tenant a command acts in: the caller's, or the one provider staff name (else ACCOUNT_REQUIRED). */
export function accountOf(principal: Principal): string {
  if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
  return principal.accountId;
}

/** The ids above an entity, nearest first (its parent, then the parent's parent…). */
export async function ancestorsOf(documents: DocumentStore, accountId: string, organization: Pick<OrganizationDocument, 'parentOrganizationId'>): Promise<string[]> {
  const ancestors: string[] = [];
  let next = organization.parentOrganizationId;
  while (next && ancestors.length < MAX_TREE_DEPTH && !ancestors.includes(next)) {
    ancestors.push(next);
    const parent = await organizations(documents).get(next);
    next = parent && parent.accountId === accountId ? parent.parentOrganizationId : null;
  }
  return ancestors;
}

/** What the rules need to know of an entity named by id in `accountId` (not found: another account's, or none). */
export async function factsOf(documents: DocumentStore, accountId: string, organizationId: string | null | undefined): Promise<OrganizationFacts | null> {
  if (!organizationId) return null;
  const found = await organizations(documents).get(organizationId);
  if (!found || found.accountId !== accountId) return { found: false, id: organizationId };
  return { found: true, id: found._id, type: found.type, ancestorIds: await ancestorsOf(documents, accountId, found) };
}

/**
 * The buyer an entity names: one of its account's, or, for provider staff,
 * any account's (a linked buyer: docs/specification-readings.md, Clients).
 */
export async function buyerFactsOf(documents: DocumentStore, principal: Principal, accountId: string, buyerId: string | null | undefined): Promise<OrganizationFacts | null> {
  if (!buyerId) return null;
  const found = await organizations(documents).get(buyerId);
  const reachable = found && (found.accountId === accountId || PLATFORM_STAFF.includes(principal.userType));
  return reachable ? { found: true, id: found._id, type: found.type, ancestorIds: [] } : { found: false, id: buyerId };
}

/** Another entity of the account the read model shows with this external id (case aside), or null. */
export async function externalIdHolder(documents: DocumentStore, accountId: string, externalId: string, except: string): Promise<string | null> {
  const [holder] = await organizations(documents).find(
    { accountId, externalId: { $regex: `^${escapeRegex(externalId.trim())}$` }, _id: { $ne: except } },
    { limit: 1 },
  );
  return holder?._id ?? null;
}
