/**
 * The finalize's one atomic append: `RefurbDiagnosisFinalized` on the
 * diagnosis stream (at the revision read), one `ItemRefurbStepPlanned` on
 * each planned step's stream (which must not exist), and the item's
 * `ItemRefurbStarted` into the chosen stock (at the item's revision read),
 * a consistency check of each definition planned from (at the revision read)
 * and a `RefurbStepUsedByItem` on each one's usage guard, which the
 * definition's deletion decides on: of a finalize and a deletion at once,
 * exactly one is written.
 * The steps depend on the decision, so the streams are known only once it
 * is taken: read ▸ decide ▸ append, decided again on fresh state when a
 * concurrent write got in first (the loser then gets the diagnosis's own
 * refusal, already finalized). Nothing is ever half-written.
 */
import { plannedStepEvents, refurbDiagnosisDecider } from '../../../domain/refurbishment/diagnosis/decide.js';
import type { RefurbDiagnosisCommand } from '../../../domain/refurbishment/diagnosis/diagnosis.js';
import type { RefurbDiagnosisFinalized } from '../../../domain/refurbishment/events.js';
import { usedByItem } from '../../../domain/refurbishment/step-definition/usage-guard.js';
import type { ItemEvent } from '../../../domain/warehouse/items/events.js';
import { foldStream, replayOf } from '../../commands/command-handler.js';
import { ApplicationError } from '../../commands/errors.js';
import { toNewEvent, type DomainEvent } from '../../events/codec.js';
import { WrongExpectedRevisionError, type EventMetadata, type StoredEvent, type StreamAppend } from '../../ports/event-store.js';
import { itemDecider } from '../../warehouse/item-decider.js';
import { WAREHOUSE_STREAMS } from '../../warehouse/streams.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import type { DiagnosisPorts } from './diagnosis-lookup.js';

const RETRIES = 2;

type FinalizeCommand = RefurbDiagnosisCommand & { type: 'FinalizeRefurbDiagnosis' };

export async function appendFinalize(
  deps: Pick<DiagnosisPorts, 'eventStore' | 'ids'>,
  request: {
    diagnosisId: string;
    itemId: string;
    /** The command on facts read now, and the revision of each step definition's stream read for it (checked in the append). */
    command(): Promise<{ command: FinalizeCommand; definitionRevisions: Readonly<Record<string, number>> }>;
    metadata: EventMetadata;
    expectedRevision?: number;
  },
): Promise<{ revision: number; position: number | null }> {
  const diagnosisStream = REFURBISHMENT_STREAMS.diagnosis.name(request.diagnosisId);
  const itemStream = WAREHOUSE_STREAMS.item.name(request.itemId);
  const retries = request.expectedRevision === undefined ? RETRIES : 0;
  for (let attempt = 0; ; attempt++) {
    const [diagnosisHistory, itemHistory] = await Promise.all([deps.eventStore.readStream(diagnosisStream), deps.eventStore.readStream(itemStream)]);
    const mark = request.metadata.idempotency ?? null;
    const earlier = mark ? replayOf(refurbDiagnosisDecider, diagnosisHistory, mark) : null;
    if (earlier) return { revision: earlier.revision, position: earlier.position };
    const revision = diagnosisHistory.length - 1;
    if (request.expectedRevision !== undefined && request.expectedRevision !== revision) {
      throw new ApplicationError('PRECONDITION_FAILED', { expectedRevision: request.expectedRevision, currentRevision: revision });
    }
    const state = foldStream(refurbDiagnosisDecider, diagnosisHistory);
    const { command, definitionRevisions } = await request.command();
    const [finalized] = refurbDiagnosisDecider.decide(command, state) as [RefurbDiagnosisFinalized];
    const steps = plannedStepEvents(state, finalized);
    const itemEvents: ItemEvent[] = itemDecider.decide({ type: 'StartRefurb', data: { stockId: finalized.data.stockId } }, foldStream(itemDecider, itemHistory));
    const stored = (events: readonly DomainEvent[], keyed: boolean) =>
      events.map((event) => toNewEvent(event, deps.ids.uuid(), { ...request.metadata, ...(keyed ? {} : { idempotency: null }) }));
    const appends: StreamAppend[] = [
      { streamName: diagnosisStream, events: stored([finalized], true), expectedRevision: expected(diagnosisHistory) },
      ...steps.map((step) => ({
        streamName: REFURBISHMENT_STREAMS.itemRefurbStep.name(step.data.itemRefurbStepId),
        events: stored([step], false),
        expectedRevision: 'no_stream' as const,
      })),
      { streamName: itemStream, events: stored(itemEvents, false), expectedRevision: expected(itemHistory) },
      // The definitions planned from, unchanged since read (an append of no event is a consistency check).
      ...[...new Set(finalized.data.plannedSteps.map((step) => step.stepDefinitionId))].map((id) => ({
        streamName: REFURBISHMENT_STREAMS.stepDefinition.name(id),
        events: [],
        expectedRevision: definitionRevisions[id] ?? ('no_stream' as const),
      })),
      // Each use on the definition's usage guard, whatever its revision (finalizes of other items never wait on each other):
      // a deletion that read the guard before fails its append at the revision it read, and is refused when decided again.
      ...steps.map((step) => ({
        streamName: REFURBISHMENT_STREAMS.stepUsage.name(step.data.stepDefinitionId),
        events: stored([usedByItem(step.data)], false),
        expectedRevision: 'any' as const,
      })),
    ];
    try {
      const results = await deps.eventStore.appendToStreams(appends);
      return { revision: results[0]?.nextExpectedRevision ?? revision, position: Math.max(...results.map((r, index) => ((appends[index]?.events.length ?? 0) > 0 ? r.lastGlobalPosition : 0))) };
    } catch (error) {
      if (!(error instanceof WrongExpectedRevisionError)) throw error;
      if (attempt >= retries) throw new ApplicationError('CONCURRENT_MODIFICATION', { streams: [diagnosisStream, itemStream] });
    }
  }
}

function expected(history: readonly StoredEvent[]): number | 'no_stream' {
  return history.length === 0 ? 'no_stream' : history.length - 1;
}
