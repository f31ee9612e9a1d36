/**
 * The refurbishment diagnosis questions as the dashboard reads them: the
 * list in their order (by label, or those that apply to a product), one
 * question (its texts in the caller's language, the French ones the form
 * edits, its answers' steps named) and its history. Always within the
 * caller's tenant, and only for an account with the refurbishment premium
 * feature.
 */
import { translate } from '../../../domain/shared/translations.js';
import type { RefurbDiagnosisQuestionEvent } from '../../../domain/refurbishment/events.js';
import { findPage, type PageRequest, type SortColumns } from '../../lists/paged-query.js';
import type { DocumentStore, Filter } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import type { ListPage } from '../../views/schema.js';
import { escapeRegex } from '../../catalog/catalog-service.js';
import { historyOfStream } from '../../catalog/circuits/circuit-queries.js';
import { isPlatformStaff, tenantFilter, type Principal } from '../../organizations/principal.js';
import { ApplicationError } from '../../commands/errors.js';
import { CATALOG_COLLECTIONS, type ProductDocument } from '../../catalog/read-models.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import { stepDefinitions } from '../step-definitions/lookup.js';
import { REFURB_DIAGNOSIS_FEATURE } from '../refurb-premium.js';
import { requireRefurbishmentOf } from '../step-definitions/queries.js';
import { questionsForProduct, refurbQuestions, visibleRefurbQuestion } from './lookup.js';
import type { RefurbQuestionDocument } from './read-model.js';
import { REFURB_QUESTION_HISTORY_TYPES, type RefurbQuestionHistory, type RefurbQuestionView } from './question-views.js';

export const REFURB_QUESTION_SORTS: SortColumns = {
  position: { path: 'position' },
  label: { path: 'label' },
  updatedAt: { path: 'updatedAt' },
};

export interface RefurbQuestionFilters {
  label?: string;
  /** The questions that apply to this product, in their order (not paged beyond the account's questions). */
  productId?: string;
}

export async function presentRefurbQuestions(documents: DocumentStore, questions: readonly RefurbQuestionDocument[], locale: string): Promise<RefurbQuestionView[]> {
  const stepIds = [...new Set(questions.flatMap((q) => q.stepDefinitionIds ?? q.answers.flatMap((a) => a.stepDefinitionIds)))];
  const steps = new Map((await stepDefinitions(documents).getMany(stepIds)).map((s) => [s._id, s]));
  return questions.map((q) => {
    const translations = q.translations ?? null;
    return {
      id: q._id,
      accountId: q.accountId,
      label: translate(q.label, translations, 'label', locale),
      frenchLabel: q.label,
      questionType: q.questionType,
      answers: q.answers.map((a) => ({
        answerId: a.answerId,
        label: translate(a.label, translations, `answers.${a.answerId}.label`, locale),
        frenchLabel: a.label,
        stepDefinitionIds: a.stepDefinitionIds,
        steps: a.stepDefinitionIds.flatMap((id) => {
          const step = steps.get(id);
          return step ? [{ id, name: translate(step.name, step.translations ?? null, 'name', locale) }] : [];
        }),
      })),
      categoryIds: q.categoryIds,
      productIds: q.productIds,
      everyProduct: q.categoryIds.length === 0 && q.productIds.length === 0,
      position: q.position,
      translations,
      createdAt: q.createdAt,
      updatedAt: q.updatedAt,
      revision: q.revision,
    };
  });
}

export async function listRefurbQuestions(documents: DocumentStore, principal: Principal, locale: string, query: PageRequest & RefurbQuestionFilters): Promise<ListPage<RefurbQuestionView>> {
  await requireRefurbishmentOf(documents, principal, REFURB_DIAGNOSIS_FEATURE);
  if (query.productId) {
    // A product's questions: the diagnosis's own reading, in their order, every one on one page. A product the caller's
    // retailer does not have is PRODUCT_NOT_FOUND (the catalogue's code); one no question applies to, an empty page (a list
    // narrowed to nothing: the diagnosis's start is what refuses it, REFURB_NO_QUESTIONS_FOR_PRODUCT).
    const product = await documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products).get(query.productId);
    if (!product || !(isPlatformStaff(principal) || product.accountId === principal.accountId)) throw new ApplicationError('PRODUCT_NOT_FOUND', { productId: query.productId });
    const applying = await questionsForProduct(documents, product.accountId, product._id, { required: false });
    const items = await presentRefurbQuestions(documents, applying, locale);
    return { items, totalItems: items.length, totalItemsIsLowerBound: false, hasNextPage: false, page: 1, itemsPerPage: Math.max(items.length, 1) };
  }
  const filters: Filter[] = [tenantFilter(principal)];
  if (query.label?.trim()) filters.push({ label: { $regex: escapeRegex(query.label.trim()) } });
  const page = await findPage(refurbQuestions(documents), { $and: filters }, query, [['position', 1], ['createdAt', 1]]);
  return { ...page, items: await presentRefurbQuestions(documents, page.items, locale) };
}

export async function refurbQuestionDetail(documents: DocumentStore, principal: Principal, locale: string, questionId: string): Promise<RefurbQuestionView> {
  const question = await visibleRefurbQuestion(documents, principal, questionId);
  await requireRefurbishmentOf(documents, principal, REFURB_DIAGNOSIS_FEATURE);
  const [view] = await presentRefurbQuestions(documents, [question], locale);
  return view as RefurbQuestionView;
}

const IDS = new Set(['questionId', 'accountId']);

export async function refurbQuestionHistory(documents: DocumentStore, eventStore: EventStore, principal: Principal, questionId: string): Promise<RefurbQuestionHistory> {
  await visibleRefurbQuestion(documents, principal, questionId);
  await requireRefurbishmentOf(documents, principal, REFURB_DIAGNOSIS_FEATURE);
  const stored = await eventStore.readStream(REFURBISHMENT_STREAMS.diagnosisQuestion.name(questionId));
  const items = await historyOfStream<RefurbDiagnosisQuestionEvent>(documents, stored, REFURB_QUESTION_HISTORY_TYPES, (event, before) => {
    switch (event.type) {
      case 'RefurbDiagnosisQuestionCreated':
        return { after: { ...event.data }, changed: Object.keys(event.data).filter((k) => !IDS.has(k) && (event.data as Record<string, unknown>)[k] !== null), reason: null };
      case 'RefurbDiagnosisQuestionChanged': {
        const { questionId: _id, ...changes } = event.data;
        return { after: { ...before, ...changes }, changed: Object.keys(changes), reason: null };
      }
      case 'RefurbDiagnosisQuestionDeleted':
        return { after: before, changed: [], reason: null };
    }
  });
  return { items: items as unknown as RefurbQuestionHistory['items'] };
}
