/**
 * The diagnosis's commands (issue 22): start by item code, save the
 * answers (now or later), finalize with a stock. Start and finalize write
 * the diagnosis and the item (and, finalizing, each planned step's stream)
 * in one atomic append at the revisions read: two starts on one item, or two
 * finalizes, and exactly one is written.
 */
import { refurbDiagnosisDecider } from '../../../domain/refurbishment/diagnosis/decide.js';
import type { RefurbDiagnosisAnswer } from '../../../domain/refurbishment/events.js';
import type { DeclaredProduct } from '../../../domain/buybacks/events.js';
import { handleCommand } from '../../commands/command-handler.js';
import { handleTogether, onStream } from '../../commands/handle-together.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { itemDecider } from '../../warehouse/item-decider.js';
import type { ItemDocument } from '../../warehouse/read-models.js';
import { WAREHOUSE_STREAMS } from '../../warehouse/streams.js';
import { requireRefurbDiagnosis } from '../refurb-premium.js';
import { REFURBISHMENT_STREAMS, itemRefurbStepIdOf, refurbDiagnosisIdOf } from '../streams.js';
import { applicableQuestions, stepDefinitionFacts, warehouseStockIds } from './diagnosis-facts.js';
import { itemForDiagnosis, visibleDiagnosis, type DiagnosisPorts } from './diagnosis-lookup.js';
import { appendFinalize } from './finalize-append.js';

export const DIAGNOSIS_PERMISSION = 'refurb_diagnostic.write';

export type DiagnosisOutcome = CommandOutcome<'open' | 'finalized'> & { itemId: string };

/** The product the diagnosis is about: the one the check found, else the one declared. */
export function diagnosedProduct(item: ItemDocument): DeclaredProduct {
  return item.check?.foundProduct ?? item.product;
}

function metadataFor(deps: DiagnosisPorts, context: CommandContext, item: ItemDocument) {
  return commandMetadata(deps, context, item.accountId, context.principal.organizationId ?? item.warehouseId);
}

export const startDiagnosis = defineCommand<DiagnosisPorts, { code: string }, DiagnosisOutcome>({
  name: 'StartRefurbDiagnosis',
  permission: DIAGNOSIS_PERMISSION,
  async run(deps, context, input) {
    if (context.principal.accountId !== null) await requireRefurbDiagnosis(deps.documents, context.principal.accountId);
    const item = await itemForDiagnosis(deps.documents, context.principal, input.code);
    await requireRefurbDiagnosis(deps.documents, item.accountId);
    const diagnosisId = refurbDiagnosisIdOf(item._id);
    const product = diagnosedProduct(item);
    // The specification's "no questions defined for the product" (REFURB_NO_QUESTIONS_FOR_PRODUCT): nothing to diagnose.
    await applicableQuestions(deps.documents, item.accountId, product, true);
    const [diagnosis] = await handleTogether(
      deps.eventStore,
      [
        onStream(REFURBISHMENT_STREAMS.diagnosis.name(diagnosisId), refurbDiagnosisDecider, {
          type: 'StartRefurbDiagnosis',
          data: { diagnosisId, accountId: item.accountId, itemId: item._id, warehouseId: item.warehouseId, productId: product.productId, itemStatus: item.status },
        }),
        onStream(WAREHOUSE_STREAMS.item.name(item._id), itemDecider, { type: 'StartRefurbDiagnostic', data: {} }),
      ],
      { metadata: metadataFor(deps, context, item), newEventId: () => deps.ids.uuid() },
    );
    const result = diagnosis as { revision: number; position: number | null };
    return { id: diagnosisId, itemId: item._id, status: 'open', revision: result.revision, position: result.position };
  },
});

export const answerDiagnosis = defineCommand<DiagnosisPorts, { diagnosisId: string; answers: RefurbDiagnosisAnswer[] }, DiagnosisOutcome>({
  name: 'AnswerRefurbDiagnosis',
  permission: DIAGNOSIS_PERMISSION,
  async run(deps, context, input) {
    const { diagnosis, item } = await visibleDiagnosis(deps, context.principal, input.diagnosisId);
    const questions = await applicableQuestions(deps.documents, diagnosis.accountId, diagnosedProduct(item));
    const result = await handleCommand(
      deps.eventStore,
      REFURBISHMENT_STREAMS.diagnosis.name(diagnosis._id),
      refurbDiagnosisDecider,
      { type: 'AnswerRefurbDiagnosis', data: { answers: input.answers, questions } },
      {
        metadata: metadataFor(deps, context, item),
        newEventId: () => deps.ids.uuid(),
        ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
      },
    );
    return { id: diagnosis._id, itemId: item._id, status: result.state.status ?? 'open', revision: result.revision, position: result.position };
  },
});

export const finalizeDiagnosis = defineCommand<DiagnosisPorts, { diagnosisId: string; stockId: string }, DiagnosisOutcome>({
  name: 'FinalizeRefurbDiagnosis',
  permission: DIAGNOSIS_PERMISSION,
  async run(deps, context, input) {
    const { diagnosis, item } = await visibleDiagnosis(deps, context.principal, input.diagnosisId);
    const result = await appendFinalize(deps, {
      diagnosisId: diagnosis._id,
      itemId: item._id,
      async command() {
        const questions = await applicableQuestions(deps.documents, diagnosis.accountId, diagnosedProduct(item));
        // Every definition an answer may plan: the decision reads the answers on the stream, which may be newer than the read model.
        const definitionIds = questions.flatMap((q) => q.answers.flatMap((a) => a.stepDefinitionIds));
        const definitionRevisions: Record<string, number> = {};
        const [stepDefinitions, stockIds] = await Promise.all([
          stepDefinitionFacts(deps.eventStore, diagnosis.accountId, definitionIds, definitionRevisions),
          warehouseStockIds(deps.documents, diagnosis.accountId, diagnosis.warehouseId),
        ]);
        return {
          definitionRevisions,
          command: {
            type: 'FinalizeRefurbDiagnosis',
            data: {
              stockId: input.stockId,
              warehouseStockIds: stockIds,
              questions,
              stepDefinitions,
              currency: item.purchasePrice.currency,
              stepIdOf: (sequence) => itemRefurbStepIdOf(diagnosis._id, sequence),
            },
          },
        };
      },
      metadata: metadataFor(deps, context, item),
      ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    });
    return { id: diagnosis._id, itemId: item._id, status: 'finalized', revision: result.revision, position: result.position };
  },
});
