/**
 * The diagnostic questions' commands: POST /categories/{id}/diagnostic-questions,
 * PATCH and DELETE /diagnostic-questions/{id} (a merge-patch: what it leaves
 * out stays), PUT /categories/{id}/diagnostic-questions/order. Each decides on
 * its aggregate's stream (`diagnostic_question`, or the category's
 * `diagnostic_question_order`) and is read by the estimate, the storefront and
 * the dashboard wizard from the next request on.
 */
import { questionDecider, questionOrderDecider, type QuestionCommand } from '../../../domain/catalog/question/decide.js';
import type { QuestionFields } from '../../../domain/catalog/question/question-events.js';
import type { DiagnosticAnswer } from '../../../domain/catalog/events.js';
import { TRANSLATED_LOCALES, type Translations } from '../../../domain/shared/translations.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { CATALOG_STREAMS } from '../streams.js';
import { QUESTION_STREAMS } from './streams.js';
import { MAX_QUESTIONS_PER_CATEGORY, ownQuestions, visibleCategory, visibleQuestion, type QuestionPorts } from './question-lookup.js';

/** An answer as a form sends it: a new one may come without its id (one is given), or with one the form chose for its translations. */
export type AnswerInput = Pick<DiagnosticAnswer, 'title'> & Partial<Omit<DiagnosticAnswer, 'title'>>;

/** Per language, per path, a text; in a merge-patch a null removes a text or a whole language. */
export type TranslationsPatch = Partial<Record<(typeof TRANSLATED_LOCALES)[number], Record<string, string | null> | null>> | null;

export interface QuestionInput {
  title: string;
  howToTest?: string | null;
  description?: string | null;
  type: QuestionFields['type'];
  answers: AnswerInput[];
  translations?: TranslationsPatch;
}

export type QuestionPatch = Partial<Omit<QuestionInput, 'translations'>> & { translations?: TranslationsPatch };

type QuestionOutcome = CommandOutcome<null>;

/** A new question of a category, asked after its others; with an Idempotency-Key its id derives from it (a retry answers the same question). */
export const createQuestion = defineCommand<QuestionPorts, { categoryId: string; question: QuestionInput }, QuestionOutcome>({
  name: 'CreateDiagnosticQuestion',
  permission: 'question.manage',
  async run(deps, context, { categoryId, question }) {
    const category = await visibleCategory(deps.documents, context.principal, categoryId);
    const questionId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const own = await ownQuestions(deps.documents, category);
    if (own.length >= MAX_QUESTIONS_PER_CATEGORY && !own.some((q) => q._id === questionId)) {
      throw new ApplicationError('QUESTION_LIMIT_REACHED', { categoryId, max: MAX_QUESTIONS_PER_CATEGORY });
    }
    const position = own.reduce((max, q) => Math.max(max, q.position), 0) + 1;
    const fields: QuestionFields = {
      title: question.title,
      howToTest: question.howToTest ?? null,
      description: question.description ?? null,
      type: question.type,
      answers: withIds(deps, question.answers),
      translations: mergeTranslations(null, question.translations ?? null),
    };
    const command = { type: 'CreateDiagnosticQuestion', data: { questionId, categoryId, position, fields } } as const;
    return onQuestion(deps, context, category.accountId, questionId, command);
  },
});

/** Changes what the merge-patch names of a question (its answers are sent whole; its translations merged language by language, path by path). */
export const changeQuestion = defineCommand<QuestionPorts, { questionId: string; patch: QuestionPatch }, QuestionOutcome>({
  name: 'ChangeDiagnosticQuestion',
  permission: 'question.manage',
  async run(deps, context, { questionId, patch }) {
    const question = await visibleQuestion(deps.documents, context.principal, questionId);
    const changes: Partial<QuestionFields> = {};
    if (patch.title !== undefined) changes.title = patch.title;
    if (patch.howToTest !== undefined) changes.howToTest = patch.howToTest;
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.type !== undefined) changes.type = patch.type;
    if (patch.answers !== undefined) changes.answers = withIds(deps, patch.answers);
    if (patch.translations !== undefined) changes.translations = mergeTranslations(question.translations, patch.translations);
    const command = { type: 'ChangeDiagnosticQuestion', data: { questionId, changes } } as const;
    return onQuestion(deps, context, question.accountId, questionId, command);
  },
});

export const deleteQuestion = defineCommand<QuestionPorts, { questionId: string }, QuestionOutcome>({
  name: 'DeleteDiagnosticQuestion',
  permission: 'question.manage',
  async run(deps, context, { questionId }) {
    const question = await visibleQuestion(deps.documents, context.principal, questionId);
    return onQuestion(deps, context, question.accountId, questionId, { type: 'DeleteDiagnosticQuestion', data: { questionId } });
  },
});

/** The order of a category's own questions: every one of them, once (QUESTION_ORDER_INVALID otherwise). */
export const reorderQuestions = defineCommand<QuestionPorts, { categoryId: string; questionIds: string[] }, QuestionOutcome>({
  name: 'ReorderDiagnosticQuestions',
  permission: 'question.manage',
  async run(deps, context, { categoryId, questionIds }) {
    const category = await visibleCategory(deps.documents, context.principal, categoryId);
    const current = (await ownQuestions(deps.documents, category)).map((q) => q._id);
    const command = { type: 'ReorderDiagnosticQuestions', data: { categoryId, questionIds, current } } as const;
    const result = await handleCommand(deps.eventStore, QUESTION_STREAMS.order.name(categoryId), questionOrderDecider, command, {
      metadata: commandMetadata(deps, context, category.accountId, context.principal.organizationId),
      newEventId: () => deps.ids.uuid(),
    });
    return { id: categoryId, status: null, revision: result.revision, position: result.position };
  },
});

async function onQuestion(deps: QuestionPorts, context: CommandContext, accountId: string, questionId: string, command: QuestionCommand): Promise<QuestionOutcome> {
  const result = await handleCommand(deps.eventStore, CATALOG_STREAMS.diagnosticQuestion.name(questionId), questionDecider, command, {
    metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  return { id: questionId, status: null, revision: result.revision, position: result.position };
}

function withIds(deps: QuestionPorts, answers: readonly AnswerInput[]): DiagnosticAnswer[] {
  return answers.map((answer) => ({
    id: answer.id?.trim() || deps.ids.uuid(),
    title: answer.title,
    description: answer.description ?? null,
    gradeCap: answer.gradeCap ?? null,
    priceImpact: answer.priceImpact ?? null,
    blocksEstimate: answer.blocksEstimate === true,
    exclusive: answer.exclusive === true,
  }));
}

/** RFC 7396 on the translations: a language or a path set to null goes, a text replaces; blank texts are dropped by the domain. */
export function mergeTranslations(current: Translations | null, patch: TranslationsPatch): Translations | null {
  if (patch === null) return null;
  const merged: Record<string, Record<string, string>> = {};
  for (const locale of TRANSLATED_LOCALES) {
    const base = { ...(current?.[locale] ?? {}) };
    const changes = patch[locale];
    if (changes === null) continue;
    for (const [path, text] of Object.entries(changes ?? {})) {
      if (text === null) delete base[path];
      else base[path] = text;
    }
    if (Object.keys(base).length > 0) merged[locale] = base;
  }
  return Object.keys(merged).length > 0 ? (merged as Translations) : null;
}
