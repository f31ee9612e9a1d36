import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { CATALOG_COLLECTIONS, type QuestionDocument } from '../../application/catalog/read-models.js';
import { CATALOG_STREAMS } from '../../application/catalog/streams.js';
import type { DiagnosticQuestionCreated } from '../../domain/catalog/events.js';
import type { DiagnosticQuestionLaterEvent } from '../../domain/catalog/question/question-events.js';

type QuestionEvent = DiagnosticQuestionCreated | DiagnosticQuestionLaterEvent;

/**
 * One document per diagnostic question with every change applied; a deleted
 * one goes. A category's reordering (on its own order stream) sets the
 * position of each question it names: positions start at 1.
 */
export const questionsProjection: Projection<QuestionDocument> = {
  name: 'diagnostic-questions',
  collection: CATALOG_COLLECTIONS.questions,
  indexes: [{ name: 'by_account_category', fields: [['accountId', 1], ['categoryId', 1], ['position', 1]] }],
  eventTypes: ['DiagnosticQuestionCreated', 'DiagnosticQuestionChanged', 'DiagnosticQuestionDeleted', 'DiagnosticQuestionsReordered'],
  targets(stored) {
    const event = toDomainEvent<QuestionEvent>(stored);
    if (event.type === 'DiagnosticQuestionsReordered') return [...event.data.questionIds];
    return [CATALOG_STREAMS.diagnosticQuestion.idOf(stored.streamName)];
  },
  evolve(document, stored, id) {
    const event = toDomainEvent<QuestionEvent>(stored);
    const touched = { updatedAt: stored.metadata.occurredAt };
    switch (event.type) {
      case 'DiagnosticQuestionCreated':
        return {
          _id: event.data.questionId,
          accountId: stored.metadata.accountId,
          ...event.data,
          createdAt: stored.metadata.occurredAt,
          ...touched,
          revision: stored.streamRevision,
        };
      case 'DiagnosticQuestionChanged':
        return document ? { ...document, ...event.data.changes, ...touched, revision: stored.streamRevision } : null;
      case 'DiagnosticQuestionDeleted':
        return null;
      case 'DiagnosticQuestionsReordered': {
        // The order stream's revision is not the question's: its ETag stays.
        const index = event.data.questionIds.indexOf(id);
        return document && index >= 0 ? { ...document, position: index + 1, ...touched } : document;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
