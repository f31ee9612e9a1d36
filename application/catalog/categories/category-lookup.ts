/**
 * Finding categories within the caller's tenant (another tenant's answers
 * CATEGORY_NOT_FOUND, never its existence), and the facts the category's
 * rules need: a parent's ancestors, whether a buyer exists, who holds an
 * identifier, what still hangs on a category.
 */
import type { ParentFacts, CategoryRemains } from '../../../domain/catalog/category/decide.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../../organizations/read-models.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type CircuitDocument, type ProductDocument, type QuestionDocument } from '../read-models.js';

export interface CategoryPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** A walk up the tree stops there (a cycle written before the rule would otherwise loop). */
export const MAX_CATEGORY_DEPTH = 64;
/** The most categories a catalogue's tree is read with at once. */
export const CATEGORY_TREE_LIMIT = 10_000;

export const categories = (documents: DocumentStore) => documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories);

/** A category of the caller's tenant, or CATEGORY_NOT_FOUND (another tenant's too). */
export async function visibleCategory(documents: DocumentStore, principal: Principal, categoryId: string): Promise<CategoryDocument> {
  const [found] = await categories(documents).find({ $and: [tenantFilter(principal), { _id: categoryId }] }, { limit: 1 });
  if (!found) throw new ApplicationError('CATEGORY_NOT_FOUND', { categoryId });
  return found;
}

/** The tenant a command acts in: the caller's, or the one provider staff name (else ACCOUNT_REQUIRED). */
export function accountOf(principal: Principal): string {
  if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
  return principal.accountId;
}

/** The ids above a category, nearest first. */
export async function categoryAncestors(documents: DocumentStore, accountId: string, parentId: string | null): Promise<CategoryDocument[]> {
  const found: CategoryDocument[] = [];
  let next = parentId;
  while (next && found.length < MAX_CATEGORY_DEPTH && !found.some((c) => c._id === next)) {
    const parent = await categories(documents).get(next);
    if (!parent || parent.accountId !== accountId) break;
    found.push(parent);
    next = parent.parentId;
  }
  return found;
}

export async function parentFacts(documents: DocumentStore, accountId: string, parentId: string | null): Promise<ParentFacts | null> {
  if (!parentId) return null;
  const parent = await categories(documents).get(parentId);
  if (!parent || parent.accountId !== accountId) return { found: false, id: parentId };
  const ancestors = await categoryAncestors(documents, accountId, parent.parentId);
  return { found: true, id: parent._id, ancestorIds: ancestors.map((c) => c._id), archived: parent.status === 'archived' };
}

/** Whether the buyer named is a buyer organization of the account. */
export async function buyerFound(documents: DocumentStore, accountId: string, buyerId: string): Promise<boolean> {
  if (!buyerId.trim()) return true; // the rule "required" answers it
  const buyer = await documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(buyerId);
  return !!buyer && buyer.accountId === accountId && buyer.type === 'buyer';
}

export async function circuitFound(documents: DocumentStore, accountId: string, circuitId: string): Promise<boolean> {
  const circuit = await documents.collection<CircuitDocument>(CATALOG_COLLECTIONS.circuits).get(circuitId);
  return !!circuit && circuit.accountId === accountId;
}

/** Another category of the account the read model shows with this identifier (one created before reservations existed), or null. */
export async function identifierHolder(documents: DocumentStore, accountId: string, identifier: string, categoryId: string): Promise<string | null> {
  const [other] = await categories(documents).find({ accountId, identifier: identifier.trim().toLowerCase(), _id: { $ne: categoryId } }, { limit: 1 });
  return other?._id ?? null;
}

/** What hangs on a category: its child categories, its products (main category) and its own questions. */
export async function remainsOf(documents: DocumentStore, category: CategoryDocument): Promise<CategoryRemains> {
  const { accountId, _id: categoryId } = category;
  const [children, products, questions] = await Promise.all([
    categories(documents).count({ accountId, parentId: categoryId }),
    documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products).count({ accountId, categoryId }),
    documents.collection<QuestionDocument>(CATALOG_COLLECTIONS.questions).count({ accountId, categoryId }),
  ]);
  return { children, products, questions };
}
