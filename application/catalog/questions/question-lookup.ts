/**
 * Finding questions and their categories within the caller's tenant (another
 * tenant's answers QUESTION_NOT_FOUND or CATEGORY_NOT_FOUND, never its
 * existence), and a category's chain of ancestors.
 */
import { ApplicationError } from '../../commands/errors.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type QuestionDocument } from '../read-models.js';

export interface QuestionPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** The most questions a category holds of its own (its list is read whole). */
export const MAX_QUESTIONS_PER_CATEGORY = 100;
/** A walk up the tree stops there. */
const MAX_DEPTH = 64;

export const questionsOf = (documents: DocumentStore) => documents.collection<QuestionDocument>(CATALOG_COLLECTIONS.questions);
const categoriesOf = (documents: DocumentStore) => documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories);

/** A category of the caller's tenant, or CATEGORY_NOT_FOUND. */
export async function visibleCategory(documents: DocumentStore, principal: Principal, categoryId: string): Promise<CategoryDocument> {
  const [found] = await categoriesOf(documents).find({ $and: [tenantFilter(principal), { _id: categoryId }] }, { limit: 1 });
  if (!found) throw new ApplicationError('CATEGORY_NOT_FOUND', { categoryId });
  return found;
}

/** A question of the caller's tenant, or QUESTION_NOT_FOUND. */
export async function visibleQuestion(documents: DocumentStore, principal: Principal, questionId: string): Promise<QuestionDocument> {
  const [found] = await questionsOf(documents).find({ $and: [tenantFilter(principal), { _id: questionId }] }, { limit: 1 });
  if (!found) throw new ApplicationError('QUESTION_NOT_FOUND', { questionId });
  return found;
}

/** The category's ancestors, root first (the category itself not included). */
export async function ancestorsOf(documents: DocumentStore, category: CategoryDocument): Promise<CategoryDocument[]> {
  const found: CategoryDocument[] = [];
  let next = category.parentId;
  while (next && found.length < MAX_DEPTH && next !== category._id && !found.some((c) => c._id === next)) {
    const parent = await categoriesOf(documents).get(next);
    if (!parent || parent.accountId !== category.accountId) break;
    found.unshift(parent);
    next = parent.parentId;
  }
  return found;
}

/** A category's own questions, in the order they are asked. */
export async function ownQuestions(documents: DocumentStore, category: Pick<CategoryDocument, '_id' | 'accountId'>): Promise<QuestionDocument[]> {
  return questionsOf(documents).find(
    { accountId: category.accountId, categoryId: category._id },
    { sort: [['position', 1], ['createdAt', 1]], limit: MAX_QUESTIONS_PER_CATEGORY + 1 },
  );
}
