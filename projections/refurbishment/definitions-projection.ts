/**
 * The refurbishment definitions' read models: the step definitions (each
 * folded by the domain's own `evolve`), the usages of each (one document per
 * item refurb step planned from it, counted to refuse its deletion), and the
 * diagnosis questions (with every step their answers plan, to find the
 * questions naming a step).
 */
import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { STEP_DEFINITION_COLLECTIONS, type RefurbStepDefinitionDocument, type RefurbStepUsageDocument } from '../../application/refurbishment/step-definitions/read-model.js';
import { REFURB_QUESTION_COLLECTION, type RefurbQuestionDocument } from '../../application/refurbishment/diagnosis-questions/read-model.js';
import type { ItemRefurbStepPlanned, RefurbDiagnosisQuestionEvent, RefurbStepDefinitionEvent } from '../../domain/refurbishment/events.js';
import { evolveStepDefinition } from '../../domain/refurbishment/step-definition/step-definition.js';
import { evolveRefurbQuestion } from '../../domain/refurbishment/diagnosis-question/question.js';
import { entityProjection } from '../shared/entity-projection.js';

export const refurbStepDefinitionsProjection = entityProjection<RefurbStepDefinitionDocument, RefurbStepDefinitionEvent>({
  name: 'refurb-step-definitions',
  collection: STEP_DEFINITION_COLLECTIONS.definitions,
  stream: REFURBISHMENT_STREAMS.stepDefinition,
  eventTypes: ['RefurbStepDefined', 'RefurbStepDefinitionChanged', 'RefurbStepDefinitionDeleted'],
  indexes: [
    { name: 'by_account_name', fields: [['accountId', 1], ['nameKey', 1]] },
    { name: 'by_account_stock', fields: [['accountId', 1], ['stockId', 1]] },
  ],
  fold: (doc, event, stored) => {
    const { definition } = evolveStepDefinition({ definition: doc, deleted: false }, event);
    if (definition === null) return null;
    return {
      ...definition,
      _id: definition.stepDefinitionId,
      nameKey: definition.name.toLowerCase(),
      createdAt: doc?.createdAt ?? stored.metadata.occurredAt,
      updatedAt: stored.metadata.occurredAt,
      revision: stored.streamRevision,
    };
  },
});

export const refurbStepUsagesProjection: Projection<RefurbStepUsageDocument> = {
  name: 'refurb-step-usages',
  collection: STEP_DEFINITION_COLLECTIONS.usages,
  indexes: [{ name: 'by_definition', fields: [['stepDefinitionId', 1]] }],
  eventTypes: ['ItemRefurbStepPlanned'],
  targets: (event) => [REFURBISHMENT_STREAMS.itemRefurbStep.idOf(event.streamName)],
  evolve: (doc, stored, id) => {
    const event = toDomainEvent<ItemRefurbStepPlanned>(stored);
    if (doc) return doc;
    return { _id: id, accountId: event.data.accountId, stepDefinitionId: event.data.stepDefinitionId, itemId: event.data.itemId, plannedAt: stored.metadata.occurredAt };
  },
};

export const refurbQuestionsProjection = entityProjection<RefurbQuestionDocument, RefurbDiagnosisQuestionEvent>({
  name: 'refurb-diagnosis-questions',
  collection: REFURB_QUESTION_COLLECTION,
  stream: REFURBISHMENT_STREAMS.diagnosisQuestion,
  eventTypes: ['RefurbDiagnosisQuestionCreated', 'RefurbDiagnosisQuestionChanged', 'RefurbDiagnosisQuestionDeleted'],
  indexes: [
    { name: 'by_account_position', fields: [['accountId', 1], ['position', 1]] },
  ],
  fold: (doc, event, stored) => {
    const { question } = evolveRefurbQuestion({ question: doc, deleted: false }, event);
    if (question === null) return null;
    return {
      ...question,
      _id: question.questionId,
      stepDefinitionIds: [...new Set(question.answers.flatMap((a) => a.stepDefinitionIds))],
      everyProduct: question.categoryIds.length === 0 && question.productIds.length === 0,
      createdAt: doc?.createdAt ?? stored.metadata.occurredAt,
      updatedAt: stored.metadata.occurredAt,
      revision: stored.streamRevision,
    };
  },
});

export const refurbDefinitionsProjections = [refurbStepDefinitionsProjection, refurbStepUsagesProjection, refurbQuestionsProjection];
