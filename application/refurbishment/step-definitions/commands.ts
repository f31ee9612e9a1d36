/**
 * The refurb step definitions' commands: POST /refurb-steps, PATCH and
 * DELETE /refurb-steps/{id}. Each decides on the definition's stream with
 * the facts read here (the account's stocks, warehouses, the usages), and a
 * name given or changed is reserved on the `refurb_step_name` stream (the old
 * one released) in the same atomic append, each stream at the revision read:
 * of two definitions created at once with one name exactly one is written,
 * the other is refused REFURB_STEP_NAME_TAKEN. Every one needs the account's
 * refurbishment premium feature.
 */
import { stepUsageDecider, type RecordedUsages } from '../../../domain/refurbishment/step-definition/usage-guard.js';
import { fieldsOf, stepDefinitionDecider, stepNameDecider, stepNameKey, type StepDefinitionCommand } from '../../../domain/refurbishment/step-definition/decide.js';
import { normalizeStepName, type StepDefinitionFields } from '../../../domain/refurbishment/step-definition/step-definition.js';
import type { WarehouseCost } from '../../../domain/refurbishment/events.js';
import { foldStream } from '../../commands/command-handler.js';
import { ApplicationError } from '../../commands/errors.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { mergeTranslations, type TranslationsPatch } from '../../catalog/questions/question-commands.js';
import { accountOf } from '../../organizations/entities/entity-lookup.js';
import { requireRefurbishment } from '../refurb-premium.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import { questionsPlanning, stepDefinitionFacts, usagesOf, visibleStepDefinition, type RefurbDefinitionPorts } from './lookup.js';

export interface CostInput {
  warehouseId: string;
  costInCents: number;
}

export interface StepDefinitionInput {
  name: string;
  description?: string | null;
  stockId: string;
  costs?: CostInput[];
  translations?: TranslationsPatch;
}

export type StepDefinitionPatch = Partial<StepDefinitionInput>;

type Outcome = CommandOutcome<null>;

const costsOf = (costs: readonly CostInput[], currency: WarehouseCost['cost']['currency']): WarehouseCost[] =>
  costs.map((c) => ({ warehouseId: c.warehouseId, cost: { amountInCents: c.costInCents, currency } }));

/** A new step definition of the caller's account; with an Idempotency-Key its id derives from it (a retry answers the same definition). */
export const createStepDefinition = defineCommand<RefurbDefinitionPorts, StepDefinitionInput, Outcome>({
  name: 'DefineRefurbStep',
  permission: 'refurb_step.manage',
  async run(deps, context, input) {
    const accountId = accountOf(context.principal);
    await requireRefurbishment(deps.documents, accountId);
    const stepDefinitionId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const facts = await stepDefinitionFacts(deps.documents, accountId, input.stockId);
    const fields: StepDefinitionFields = {
      name: input.name,
      description: input.description ?? null,
      stockId: input.stockId,
      costs: costsOf(input.costs ?? [], facts.currency),
      translations: mergeTranslations(null, input.translations ?? null),
    };
    const decisions: StreamDecision[] = [
      onStream(REFURBISHMENT_STREAMS.stepDefinition.name(stepDefinitionId), stepDefinitionDecider, { type: 'DefineRefurbStep', data: { stepDefinitionId, accountId, fields, facts } }),
      // Its usage guard, opened with it: every use from now on is recorded there, and its deletion decides on it alone.
      onStream(REFURBISHMENT_STREAMS.stepUsage.name(stepDefinitionId), stepUsageDecider, { type: 'OpenRefurbStepUsage', data: { stepDefinitionId } }),
    ];
    if (normalizeStepName(input.name) !== '') decisions.push(reserve(accountId, input.name, stepDefinitionId));
    return decide(deps, context, accountId, stepDefinitionId, decisions);
  },
});

/** Changes what the merge-patch names of a definition (costs sent whole; translations merged language by language); a new name is reserved, the old one released. */
export const changeStepDefinition = defineCommand<RefurbDefinitionPorts, { stepDefinitionId: string; patch: StepDefinitionPatch }, Outcome>({
  name: 'ChangeRefurbStepDefinition',
  permission: 'refurb_step.manage',
  async run(deps, context, { stepDefinitionId, patch }) {
    const current = await visibleStepDefinition(deps.documents, context.principal, stepDefinitionId);
    const accountId = current.accountId;
    await requireRefurbishment(deps.documents, accountId);
    const facts = await stepDefinitionFacts(deps.documents, accountId, patch.stockId ?? current.stockId);
    const changes: Partial<StepDefinitionFields> = {};
    if (patch.name !== undefined) changes.name = patch.name;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.stockId !== undefined) changes.stockId = patch.stockId;
    if (patch.costs !== undefined) changes.costs = costsOf(patch.costs, facts.currency);
    if (patch.translations !== undefined) changes.translations = mergeTranslations(fieldsOf(current).translations, patch.translations);
    const command: StepDefinitionCommand = { type: 'ChangeRefurbStepDefinition', data: { stepDefinitionId, changes, facts } };
    const decisions: StreamDecision[] = [onStream(REFURBISHMENT_STREAMS.stepDefinition.name(stepDefinitionId), stepDefinitionDecider, command)];
    const renamed = patch.name !== undefined && normalizeStepName(patch.name) !== '' && normalizeStepName(patch.name) !== normalizeStepName(current.name);
    if (renamed) decisions.push(reserve(accountId, patch.name as string, stepDefinitionId), release(accountId, current.name, stepDefinitionId));
    return decide(deps, context, accountId, stepDefinitionId, decisions);
  },
});

/**
 * Deletes a definition no item refurb step was planned from and no question's
 * answer plans (REFURB_STEP_IN_USE otherwise); its name is free again. "In
 * use" is decided on its usage guard stream, closed in the same atomic append
 * at the revision read: a finalize or a question appending a use meanwhile
 * makes the append fail, and the deletion, decided again, is refused.
 */
export const deleteStepDefinition = defineCommand<RefurbDefinitionPorts, { stepDefinitionId: string }, Outcome>({
  name: 'DeleteRefurbStepDefinition',
  permission: 'refurb_step.manage',
  async run(deps, context, { stepDefinitionId }) {
    const current = await visibleStepDefinition(deps.documents, context.principal, stepDefinitionId);
    await requireRefurbishment(deps.documents, current.accountId);
    const recorded = await recordedUsages(deps, current.accountId, stepDefinitionId);
    return retriedOnConflict(() =>
      decide(deps, context, current.accountId, stepDefinitionId, [
        onStream(REFURBISHMENT_STREAMS.stepDefinition.name(stepDefinitionId), stepDefinitionDecider, { type: 'DeleteRefurbStepDefinition', data: { stepDefinitionId } }),
        onStream(REFURBISHMENT_STREAMS.stepUsage.name(stepDefinitionId), stepUsageDecider, { type: 'CloseRefurbStepUsage', data: { stepDefinitionId, recorded } }),
        release(current.accountId, current.name, stepDefinitionId),
      ]),
    );
  },
});

/**
 * The read models' counts, for a definition older than its usage guard only
 * (the guard did not see its earlier uses); one whose guard was opened with
 * it is decided on the guard alone.
 */
async function recordedUsages(deps: RefurbDefinitionPorts, accountId: string, stepDefinitionId: string): Promise<RecordedUsages> {
  const guard = foldStream(stepUsageDecider, await deps.eventStore.readStream(REFURBISHMENT_STREAMS.stepUsage.name(stepDefinitionId)));
  if (guard.opened) return { usages: 0, questions: 0 };
  const [usages, questions] = await Promise.all([usagesOf(deps.documents, stepDefinitionId), questionsPlanning(deps.documents, accountId, stepDefinitionId)]);
  return { usages, questions };
}

/**
 * A decision whose append met a concurrent write on a stream other than the
 * one the caller's If-Match names (a usage guard) is taken again on fresh
 * state, so the loser gets the rule's own refusal rather than a bare
 * CONCURRENT_MODIFICATION; a change of the If-Match stream still answers 412.
 */
export async function retriedOnConflict<T>(attempt: () => Promise<T>, retries = 2): Promise<T> {
  for (let round = 0; ; round++) {
    try {
      return await attempt();
    } catch (error) {
      if (!(error instanceof ApplicationError && error.code === 'CONCURRENT_MODIFICATION') || round >= retries) throw error;
    }
  }
}

function reserve(accountId: string, name: string, stepDefinitionId: string): StreamDecision {
  return onStream(REFURBISHMENT_STREAMS.stepDefinitionName.name(stepNameKey(accountId, name)), stepNameDecider, {
    type: 'ReserveRefurbStepName',
    data: { accountId, name: normalizeStepName(name), stepDefinitionId },
  });
}

function release(accountId: string, name: string, stepDefinitionId: string): StreamDecision {
  return onStream(REFURBISHMENT_STREAMS.stepDefinitionName.name(stepNameKey(accountId, name)), stepNameDecider, {
    type: 'ReleaseRefurbStepName',
    data: { accountId, name: normalizeStepName(name), stepDefinitionId },
  });
}

async function decide(deps: RefurbDefinitionPorts, context: CommandContext, accountId: string, id: string, decisions: StreamDecision[]): Promise<Outcome> {
  const results = await handleTogether(deps.eventStore, decisions, {
    metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
    newEventId: () => deps.ids.uuid(),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
  });
  const positions = results.map((r) => r.position).filter((p): p is number => p !== null);
  return { id, status: null, revision: results[0]?.revision ?? -1, position: positions.length ? Math.max(...positions) : null };
}
