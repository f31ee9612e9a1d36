/**
 * The refurbishment diagnosis questions' commands: POST
 * /refurb-diagnosis-questions, PATCH and DELETE /refurb-diagnosis-questions/{id}
 * (a merge-patch), PUT /refurb-diagnosis-questions/order (every question's
 * new position, in one atomic append). Each decides on the question's
 * stream with the facts read here (the account's step definitions,
 * categories and products the fields name); every one needs the account's
 * refurbishment premium feature. A question planning a step definition, or
 * no longer planning it, records that on the definition's usage guard in
 * the same atomic append (see `usageGuards`).
 */
import { fieldsOfQuestion, refurbQuestionDecider, type RefurbQuestionCommand } from '../../../domain/refurbishment/diagnosis-question/decide.js';
import type { RefurbQuestionFields } from '../../../domain/refurbishment/diagnosis-question/question.js';
import type { RefurbAnswer, RefurbQuestionType } from '../../../domain/refurbishment/events.js';
import { stepUsageDecider } from '../../../domain/refurbishment/step-definition/usage-guard.js';
import { foldStream } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { mergeTranslations, type TranslationsPatch } from '../../catalog/questions/question-commands.js';
import { accountOf } from '../../organizations/entities/entity-lookup.js';
import { requireRefurbDiagnosis } from '../refurb-premium.js';
import { REFURBISHMENT_STREAMS } from '../streams.js';
import type { RefurbDefinitionPorts } from '../step-definitions/lookup.js';
import { retriedOnConflict } from '../step-definitions/commands.js';
import { MAX_REFURB_QUESTIONS, refurbQuestionFacts, refurbQuestions, visibleRefurbQuestion } from './lookup.js';

/** An answer as the form sends it: a new one may come without its id (one is given). */
export type RefurbAnswerInput = Omit<RefurbAnswer, 'answerId'> & { answerId?: string };

export interface RefurbQuestionInput {
  label: string;
  questionType: RefurbQuestionType;
  answers: RefurbAnswerInput[];
  categoryIds?: string[];
  productIds?: string[];
  position?: number;
  translations?: TranslationsPatch;
}

export type RefurbQuestionPatch = Partial<RefurbQuestionInput>;
type Outcome = CommandOutcome<null>;

/** A new question of the caller's account, after its others unless a position is given. */
export const createRefurbQuestion = defineCommand<RefurbDefinitionPorts, RefurbQuestionInput, Outcome>({
  name: 'CreateRefurbQuestion',
  permission: 'refurb_diagnostic.manage',
  async run(deps, context, input) {
    const accountId = accountOf(context.principal);
    await requireRefurbDiagnosis(deps.documents, accountId);
    const questionId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const [last] = await refurbQuestions(deps.documents).find({ accountId }, { sort: [['position', -1]], limit: 1 });
    const answers = withIds(deps, input.answers);
    const fields: RefurbQuestionFields = {
      label: input.label,
      questionType: input.questionType,
      answers,
      categoryIds: input.categoryIds ?? [],
      productIds: input.productIds ?? [],
      position: input.position ?? (last ? last.position + 1 : 1),
      translations: mergeTranslations(null, input.translations ?? null),
    };
    const facts = await refurbQuestionFacts(deps.documents, accountId, { stepDefinitionIds: answers.flatMap((a) => a.stepDefinitionIds), categoryIds: fields.categoryIds, productIds: fields.productIds });
    return retriedOnConflict(() =>
      decide(deps, context, accountId, questionId, [
        onStream(REFURBISHMENT_STREAMS.diagnosisQuestion.name(questionId), refurbQuestionDecider, { type: 'CreateRefurbQuestion', data: { questionId, accountId, fields, facts } }),
        ...usageGuards(questionId, [], answers, facts.stepDefinitionIds),
      ]),
    );
  },
});

/** Changes what the merge-patch names (answers sent whole; translations merged language by language). */
export const changeRefurbQuestion = defineCommand<RefurbDefinitionPorts, { questionId: string; patch: RefurbQuestionPatch }, Outcome>({
  name: 'ChangeRefurbQuestion',
  permission: 'refurb_diagnostic.manage',
  async run(deps, context, { questionId, patch }) {
    const current = await visibleRefurbQuestion(deps.documents, context.principal, questionId);
    await requireRefurbDiagnosis(deps.documents, current.accountId);
    const changes: Partial<RefurbQuestionFields> = {};
    if (patch.label !== undefined) changes.label = patch.label;
    if (patch.questionType !== undefined) changes.questionType = patch.questionType;
    if (patch.answers !== undefined) changes.answers = withIds(deps, patch.answers);
    if (patch.categoryIds !== undefined) changes.categoryIds = patch.categoryIds;
    if (patch.productIds !== undefined) changes.productIds = patch.productIds;
    if (patch.position !== undefined) changes.position = patch.position;
    if (patch.translations !== undefined) changes.translations = mergeTranslations(current.translations, patch.translations);
    const merged = { ...fieldsOfQuestion(current), ...changes };
    const facts = await refurbQuestionFacts(deps.documents, current.accountId, {
      stepDefinitionIds: merged.answers.flatMap((a) => a.stepDefinitionIds),
      categoryIds: merged.categoryIds,
      productIds: merged.productIds,
    });
    const command: RefurbQuestionCommand = { type: 'ChangeRefurbQuestion', data: { questionId, changes, facts } };
    return retriedOnConflict(async () => {
      const guards = changes.answers ? usageGuards(questionId, await answersOnStream(deps, questionId), changes.answers, facts.stepDefinitionIds) : [];
      return decide(deps, context, current.accountId, questionId, [onStream(REFURBISHMENT_STREAMS.diagnosisQuestion.name(questionId), refurbQuestionDecider, command), ...guards]);
    });
  },
});

export const deleteRefurbQuestion = defineCommand<RefurbDefinitionPorts, { questionId: string }, Outcome>({
  name: 'DeleteRefurbQuestion',
  permission: 'refurb_diagnostic.manage',
  async run(deps, context, { questionId }) {
    const current = await visibleRefurbQuestion(deps.documents, context.principal, questionId);
    await requireRefurbDiagnosis(deps.documents, current.accountId);
    return retriedOnConflict(async () =>
      decide(deps, context, current.accountId, questionId, [
        onStream(REFURBISHMENT_STREAMS.diagnosisQuestion.name(questionId), refurbQuestionDecider, { type: 'DeleteRefurbQuestion', data: { questionId } }),
        ...usageGuards(questionId, await answersOnStream(deps, questionId), [], new Set()),
      ]),
    );
  },
});

/**
 * The order of the account's questions: every one of them once
 * (REFURB_QUESTION_ORDER_INVALID otherwise); each whose place changes gets
 * its new position (1, 2…), all in one atomic append.
 */
export const reorderRefurbQuestions = defineCommand<RefurbDefinitionPorts, { questionIds: string[] }, Outcome>({
  name: 'ReorderRefurbQuestions',
  permission: 'refurb_diagnostic.manage',
  async run(deps, context, { questionIds }) {
    const accountId = accountOf(context.principal);
    await requireRefurbDiagnosis(deps.documents, accountId);
    const current = await refurbQuestions(deps.documents).find({ accountId }, { sort: [['position', 1], ['createdAt', 1]], limit: MAX_REFURB_QUESTIONS });
    const sent = new Set(questionIds);
    const same = sent.size === questionIds.length && sent.size === current.length && current.every((q) => sent.has(q._id));
    if (!same) throw new ApplicationError('REFURB_QUESTION_ORDER_INVALID', { expected: current.length });
    const byId = new Map(current.map((q) => [q._id, q]));
    const decisions = questionIds.flatMap((id, index) => {
      const question = byId.get(id);
      if (!question || question.position === index + 1) return [];
      const command: RefurbQuestionCommand = { type: 'ChangeRefurbQuestion', data: { questionId: id, changes: { position: index + 1 }, facts: keepAll(question) } };
      return [onStream(REFURBISHMENT_STREAMS.diagnosisQuestion.name(id), refurbQuestionDecider, command)];
    });
    if (decisions.length === 0) return { id: accountId, status: null, revision: -1, position: null };
    const { expectedRevision: _unused, ...unconditional } = context;
    return decide(deps, unconditional, accountId, accountId, decisions);
  },
});

/** A position change checks nothing else: the question's own references are taken as they are. */
function keepAll(question: { answers: RefurbAnswer[]; categoryIds: string[]; productIds: string[] }) {
  return {
    stepDefinitionIds: new Set(question.answers.flatMap((a) => a.stepDefinitionIds)),
    categoryIds: new Set(question.categoryIds),
    productIds: new Set(question.productIds),
  };
}

/** The answers the question's own stream holds now (the read model may lag behind it). */
async function answersOnStream(deps: RefurbDefinitionPorts, questionId: string): Promise<RefurbAnswer[]> {
  return foldStream(refurbQuestionDecider, await deps.eventStore.readStream(REFURBISHMENT_STREAMS.diagnosisQuestion.name(questionId))).question?.answers ?? [];
}

/**
 * The usage guards of the step definitions the question plans after the
 * change (each records the question, refused once its definition is
 * deleted) and of those it planned before and no longer does (each forgets
 * it), in the question's atomic append: a deletion of one of them at the
 * same moment and the question are never both written.
 */
function usageGuards(questionId: string, before: readonly RefurbAnswer[], after: readonly RefurbAnswer[], known: ReadonlySet<string>): StreamDecision[] {
  const planned = new Map<string, string>();
  after.forEach((answer, index) => {
    for (const id of answer.stepDefinitionIds) if (known.has(id) && !planned.has(id)) planned.set(id, `answers.${index}.stepDefinitionIds`);
  });
  const dropped = new Set(before.flatMap((a) => a.stepDefinitionIds).filter((id) => !after.some((a) => a.stepDefinitionIds.includes(id))));
  return [
    ...[...planned].map(([stepDefinitionId, field]) =>
      onStream(REFURBISHMENT_STREAMS.stepUsage.name(stepDefinitionId), stepUsageDecider, { type: 'PlanRefurbStepByQuestion', data: { stepDefinitionId, questionId, field } }),
    ),
    ...[...dropped].map((stepDefinitionId) =>
      onStream(REFURBISHMENT_STREAMS.stepUsage.name(stepDefinitionId), stepUsageDecider, { type: 'UnplanRefurbStepByQuestion', data: { stepDefinitionId, questionId } }),
    ),
  ];
}

function withIds(deps: RefurbDefinitionPorts, answers: readonly RefurbAnswerInput[]): RefurbAnswer[] {
  return answers.map((a) => ({ answerId: a.answerId?.trim() || deps.ids.uuid(), label: a.label, stepDefinitionIds: a.stepDefinitionIds ?? [] }));
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
