/**
 * The refurbishment diagnosis questions as the commands, the dashboard and
 * the diagnosis find them: one of the caller's tenant, the facts a
 * question's fields are checked against, and the questions that apply to a
 * product, in their order (`questionsForProduct`, which the diagnosis asks).
 */
import { appliesToProduct, type RefurbQuestionFacts } from '../../../domain/refurbishment/diagnosis-question/question.js';
import { ApplicationError } from '../../commands/errors.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type ProductDocument } from '../../catalog/read-models.js';
import { tenantFilter, type Principal } from '../../organizations/principal.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { stepDefinitions } from '../step-definitions/lookup.js';
import { REFURB_QUESTION_COLLECTION, type RefurbQuestionDocument } from './read-model.js';

/** An account's questions: a diagnosis asks each, so a few dozen; every read is bounded by this. */
export const MAX_REFURB_QUESTIONS = 500;
const MAX_CATEGORY_DEPTH = 20;

export const refurbQuestions = (documents: DocumentStore) => documents.collection<RefurbQuestionDocument>(REFURB_QUESTION_COLLECTION);

export async function visibleRefurbQuestion(documents: DocumentStore, principal: Principal, questionId: string): Promise<RefurbQuestionDocument> {
  const [question] = await refurbQuestions(documents).find({ $and: [tenantFilter(principal), { _id: questionId }] }, { limit: 1 });
  if (!question) throw new ApplicationError('REFURB_QUESTION_NOT_FOUND', { questionId });
  return question;
}

/** Which of the ids named are the account's step definitions, categories and products. */
export async function refurbQuestionFacts(
  documents: DocumentStore,
  accountId: string,
  named: { stepDefinitionIds: readonly string[]; categoryIds: readonly string[]; productIds: readonly string[] },
): Promise<RefurbQuestionFacts> {
  const mine = async (found: Promise<Array<{ _id: string; accountId?: unknown }>>) => new Set((await found).filter((d) => d.accountId === accountId).map((d) => d._id));
  const unique = (ids: readonly string[]) => [...new Set(ids)].slice(0, 2_000);
  const [steps, categories, products] = await Promise.all([
    mine(stepDefinitions(documents).getMany(unique(named.stepDefinitionIds))),
    mine(documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories).getMany(unique(named.categoryIds))),
    mine(documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products).getMany(unique(named.productIds))),
  ]);
  return { stepDefinitionIds: steps, categoryIds: categories, productIds: products };
}

/** The categories a product belongs to: its main and secondary ones and every ancestor of them. */
export async function categoriesOfProduct(documents: DocumentStore, product: ProductDocument): Promise<Set<string>> {
  const categories = documents.collection<CategoryDocument>(CATALOG_COLLECTIONS.categories);
  const found = new Set<string>();
  let frontier = [product.categoryId, ...(product.secondaryCategoryIds ?? [])].filter(Boolean);
  for (let depth = 0; frontier.length > 0 && depth < MAX_CATEGORY_DEPTH; depth++) {
    for (const id of frontier) found.add(id);
    const loaded = await categories.getMany(frontier);
    frontier = loaded.filter((c) => c.accountId === product.accountId && c.parentId && !found.has(c.parentId)).map((c) => c.parentId as string);
  }
  return found;
}

/**
 * The account's questions that apply to the product (those naming it, one of
 * its categories or an ancestor of them, and those naming neither category
 * nor product), in their order. With `required` (the default), none is the
 * specification's refusal REFURB_NO_QUESTIONS_FOR_PRODUCT (404). Another
 * account's product is not the account's: only the questions for every
 * product apply to it.
 */
export async function questionsForProduct(documents: DocumentStore, accountId: string, productId: string, options: { required?: boolean } = {}): Promise<RefurbQuestionDocument[]> {
  const [product, questions] = await Promise.all([
    documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products).get(productId),
    refurbQuestions(documents).find({ accountId }, { sort: [['position', 1], ['createdAt', 1]], limit: MAX_REFURB_QUESTIONS }),
  ]);
  const own = product !== null && product.accountId === accountId;
  const categoryIds = own ? await categoriesOfProduct(documents, product) : new Set<string>();
  const applying = questions.filter((q) => appliesToProduct(q, own ? productId : '', categoryIds));
  if (applying.length === 0 && options.required !== false) throw new ApplicationError('REFURB_NO_QUESTIONS_FOR_PRODUCT', { productId });
  return applying;
}
