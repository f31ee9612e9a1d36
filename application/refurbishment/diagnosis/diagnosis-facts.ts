/**
 * What a diagnosis decision needs besides its own stream, read for it: the
 * questions that apply to the item's product, the step definitions its
 * answers plan (folded from their streams, so a deletion is never missed),
 * and the stocks of the item's warehouse.
 */
import type { RefurbStepDefinitionEvent } from '../../../domain/refurbishment/events.js';
import type { DiagnosisQuestionFacts, StepDefinitionFacts } from '../../../domain/refurbishment/diagnosis/diagnosis.js';
import { ordered } from '../../../domain/refurbishment/diagnosis/decide.js';
import { toDomainEvent } from '../../events/codec.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { WAREHOUSE_COLLECTIONS, type StockDocument } from '../../warehouse/read-models.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import { questionsForProduct } from '../diagnosis-questions/lookup.js';
import type { Translations } from '../../../domain/shared/translations.js';

/**
 * The account's diagnosis questions that apply to the product, in the order
 * they are asked (the definitions' `questionsForProduct`); with `required`,
 * none is REFURB_NO_QUESTIONS_FOR_PRODUCT.
 */
export async function applicableQuestions(
  documents: DocumentStore,
  accountId: string,
  product: { productId: string },
  required = false,
): Promise<Array<DiagnosisQuestionFacts & { translations: Translations | null }>> {
  const questions = await questionsForProduct(documents, accountId, product.productId, { required });
  return ordered(
    questions.map((q) => ({ questionId: q._id, label: q.label, questionType: q.questionType, answers: q.answers, position: q.position, translations: q.translations })),
  ) as Array<DiagnosisQuestionFacts & { translations: Translations | null }>;
}

/**
 * Each step definition as its stream says now (a deleted one flagged, one of
 * another account or never written left out), with its stream's revision:
 * the finalize checks it in its append, so a definition changed or deleted
 * between the read and the append makes the finalize decide again.
 */
export async function stepDefinitionFacts(
  eventStore: EventStore,
  accountId: string,
  ids: readonly string[],
  revisions: Record<string, number> = {},
): Promise<Record<string, StepDefinitionFacts>> {
  const facts: Record<string, StepDefinitionFacts> = {};
  await Promise.all(
    [...new Set(ids)].map(async (id) => {
      const history = await eventStore.readStream(REFURBISHMENT_STREAMS.stepDefinition.name(id));
      let definition = null as StepDefinitionFacts | null;
      for (const stored of history) {
        if (stored.metadata.accountId !== accountId) return;
        const event = toDomainEvent<RefurbStepDefinitionEvent>(stored);
        if (event.type === 'RefurbStepDefined') {
          const { name, description, stockId, costs } = event.data;
          definition = { stepDefinitionId: id, name, description, stockId, costs, deleted: false };
        } else if (event.type === 'RefurbStepDefinitionChanged' && definition) {
          const { stepDefinitionId: _id, translations: _translations, ...changes } = event.data;
          definition = { ...definition, ...changes };
        } else if (event.type === 'RefurbStepDefinitionDeleted' && definition) {
          definition = { ...definition, deleted: true };
        }
      }
      if (definition) {
        facts[id] = definition;
        revisions[id] = history.length - 1;
      }
    }),
  );
  return facts;
}

/** The stocks of a warehouse (natives and its own, deleted ones left out). */
export async function warehouseStockIds(documents: DocumentStore, accountId: string, warehouseId: string): Promise<string[]> {
  const stocks = await documents.collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks).find({ accountId, warehouseId, deletedAt: null }, { limit: 1000 });
  return stocks.map((s) => s._id);
}
