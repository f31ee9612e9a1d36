import type { Projection } from '../../application/ports/projection.js';
import { toDomainEvent } from '../../application/events/codec.js';
import { REFURBISHMENT_STREAMS } from '../../application/refurbishment/streams.js';
import { DIAGNOSIS_COLLECTIONS, type RefurbDiagnosisDocument } from '../../application/refurbishment/diagnosis/read-model.js';
import type { RefurbDiagnosisEvent } from '../../domain/refurbishment/events.js';

/** One document per item diagnosis: its answers as last saved, its stock and planned steps once finalized. */
export const refurbDiagnosisProjection: Projection<RefurbDiagnosisDocument> = {
  name: 'refurb-diagnoses',
  collection: DIAGNOSIS_COLLECTIONS.diagnoses,
  indexes: [{ name: 'by_account_item', fields: [['accountId', 1], ['itemId', 1]] }],
  eventTypes: ['RefurbDiagnosisStarted', 'RefurbDiagnosisAnswered', 'RefurbDiagnosisFinalized'],
  targets: (stored) => [REFURBISHMENT_STREAMS.diagnosis.idOf(stored.streamName)],
  evolve(document, stored, id) {
    const event = toDomainEvent<RefurbDiagnosisEvent>(stored);
    const at = stored.metadata.occurredAt;
    const touched = { updatedAt: at, revision: stored.streamRevision };
    switch (event.type) {
      case 'RefurbDiagnosisStarted':
        return {
          _id: id,
          accountId: event.data.accountId,
          itemId: event.data.itemId,
          warehouseId: event.data.warehouseId,
          productId: event.data.productId,
          status: 'open',
          answers: [],
          stockId: null,
          plannedSteps: [],
          startedAt: at,
          startedBy: stored.metadata.userId,
          answeredAt: null,
          finalizedAt: null,
          finalizedBy: null,
          ...touched,
        };
      case 'RefurbDiagnosisAnswered':
        return document ? { ...document, answers: event.data.answers, answeredAt: at, ...touched } : null;
      case 'RefurbDiagnosisFinalized':
        return document
          ? { ...document, status: 'finalized', stockId: event.data.stockId, plannedSteps: event.data.plannedSteps, finalizedAt: at, finalizedBy: stored.metadata.userId, ...touched }
          : null;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
