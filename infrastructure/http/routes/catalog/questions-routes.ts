/**
 * The diagnostic questions (issue 21, specification 000 §2 "/diagnostic",
 * §5): a category's own questions and those it inherits, one question, its
 * creation, merge-patch, deletion and history, and the order of a category's
 * questions. What is written is what the estimate, the storefront and the
 * dashboard wizard use from the next request on.
 */
import { changeQuestion, createQuestion, deleteQuestion, reorderQuestions, type QuestionPatch } from '../../../../application/catalog/questions/question-commands.js';
import { MAX_QUESTIONS_PER_CATEGORY, type QuestionPorts } from '../../../../application/catalog/questions/question-lookup.js';
import { categoryQuestions, questionDetail, questionHistory } from '../../../../application/catalog/questions/question-queries.js';
import { CategoryQuestionsView, QuestionDetailView, QuestionHistory } from '../../../../application/catalog/questions/question-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { GRADES } from '../../../../domain/catalog/estimate.js';
import { QUESTION_LIMITS } from '../../../../domain/catalog/question/question.js';
import { QUESTION_TYPES } from '../../../../domain/catalog/question/question-events.js';
import { MAX_TRANSLATED_FIELDS } from '../../../../domain/shared/translations.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams, uuid } from '../schemas.js';

const tag = 'diagnostic-questions';
const { title, howToTest, description, answers, answerTitle, answerDescription } = QUESTION_LIMITS;
/** Bounded at twice the rule, so that a text a little too long gets the rule's own message at its field (the domain's), not the schema's. */
const OptionalText = (max: number, what: string) => Type.Optional(Type.Union([Type.String({ maxLength: 2 * max, description: what }), Type.Null()]));

const Answer = Type.Object(
  {
    id: Type.Optional(Text(64, 1, { description: 'An answer already there keeps its id; a new one may come without (one is given) or with one the form chose for its translations.' })),
    title: Text(2 * answerTitle.max, 0, { description: `${answerTitle.min} to ${answerTitle.max} characters.` }),
    description: OptionalText(answerDescription.max, `At most ${answerDescription.max} characters, or null.`),
    gradeCap: Type.Optional(Type.Union([StringEnum(GRADES), Type.Null()], { description: 'The best grade a device can still have with this answer.' })),
    priceImpact: Type.Optional(
      Type.Union([
        Type.Object(
          { type: StringEnum(['fixed', 'percentage'] as const), value: Type.Number({ minimum: -100_000_000, maximum: 100_000_000 }) },
          { additionalProperties: false, description: 'fixed: whole cents (±5,000,000); percentage: of the grade’s price, −100 to 100, at most two decimals.' },
        ),
        Type.Null(),
      ]),
    ),
    blocksEstimate: Type.Optional(Type.Boolean({ description: 'A device with this answer is not bought back.' })),
    exclusive: Type.Optional(Type.Boolean({ description: 'Excludes the other answers of its (multiple-choice) question.' })),
  },
  { additionalProperties: false },
);

const PerLanguage = Type.Optional(
  Type.Union([Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 2 * description.max }), Type.Null()]), { maxProperties: MAX_TRANSLATED_FIELDS }), Type.Null()]),
);
const Translations = Type.Optional(
  Type.Union(
    [Type.Object({ 'en-GB': PerLanguage, 'nl-BE': PerLanguage, 'de-DE': PerLanguage }, { additionalProperties: false })],
    { description: 'Per language, by path (`title`, `howToTest`, `description`, `answers.<id>.title`, `answers.<id>.description`); merged: a null removes a text or a language. French is the field itself.' },
  ),
);

const fields = {
  title: Text(2 * title.max, 0, { description: `Required, ${title.min} to ${title.max} characters.` }),
  howToTest: OptionalText(howToTest.max, `How to test, at most ${howToTest.max} characters, or null.`),
  description: OptionalText(description.max, `At most ${description.max} characters, or null.`),
  type: StringEnum(QUESTION_TYPES, { description: 'unique: one answer; multiple: one or more.' }),
  answers: Type.Array(Answer, { maxItems: answers.max, description: `${answers.min} to ${answers.max} answers, in the order they are shown.` }),
  translations: Translations,
};

const notFound = { 404: 'No such question in the caller’s tenant (QUESTION_NOT_FOUND)' };
const categoryNotFound = { 404: 'No such category in the caller’s tenant (CATEGORY_NOT_FOUND)' };
const invalid = { 422: 'A field breaks the rules (QUESTION_INVALID, details.fields naming each: TEXT_LENGTH, QUESTION_ANSWERS_COUNT, QUESTION_EXCLUSIVE_NEEDS_MULTIPLE…)' };

export function questionsRoutes(ports: QuestionPorts): Route[] {
  const onCategory = idParams('categoryId');
  const onQuestion = idParams('id');
  return [
    defineRoute({
      method: 'get',
      path: '/categories/{categoryId}/diagnostic-questions',
      operationId: 'listCategoryDiagnosticQuestions',
      summary: `A category’s own diagnostic questions (at most ${MAX_QUESTIONS_PER_CATEGORY}, in the order they are asked) and those it inherits from its ancestors, root first (read-only here: they are changed on their own category)`,
      tag,
      access: { kind: 'authenticated', permission: 'question.list' },
      params: onCategory,
      response: { status: 200, description: 'The questions', schema: CategoryQuestionsView },
      otherResponses: categoryNotFound,
      handler: async ({ principal, params }) => ({ body: await categoryQuestions(ports, principal, params.categoryId) }),
    }),
    defineRoute({
      method: 'post',
      path: '/categories/{categoryId}/diagnostic-questions',
      operationId: 'createDiagnosticQuestion',
      summary:
        'A new diagnostic question of the category, asked after its others and by every category below it: title, how to test, type, description, 2 to 30 answers (each with its optional price impact, grade cap, blocking and exclusive flags), translations',
      tag,
      access: { kind: 'authenticated', permission: createQuestion.permission as string },
      params: onCategory,
      body: Type.Object(fields, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: { ...categoryNotFound, ...invalid, 409: 'The question exists (QUESTION_ALREADY_EXISTS)' },
      async handler(context) {
        const { categoryId } = context.params;
        const outcome = await createQuestion.run(ports, commandContext(context), { categoryId, question: { ...context.body } });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/diagnostic-questions/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/categories/{categoryId}/diagnostic-questions/order',
      operationId: 'reorderDiagnosticQuestions',
      summary: 'The order in which the category’s own questions are asked: every one of them, once (QUESTION_ORDER_INVALID otherwise); unchanged when it is the same',
      tag,
      access: { kind: 'authenticated', permission: reorderQuestions.permission as string },
      params: onCategory,
      body: Type.Object({ questionIds: Type.Array(uuid, { maxItems: MAX_QUESTIONS_PER_CATEGORY }) }, { additionalProperties: false }),
      response: { status: 200, description: 'Saved (the order stream’s revision)', schema: CommandAnswer },
      otherResponses: { ...categoryNotFound, 422: 'Not every question of the category once (QUESTION_ORDER_INVALID)' },
      async handler(context) {
        const { categoryId } = context.params;
        return commandResult(await reorderQuestions.run(ports, commandContext(context), { categoryId, questionIds: context.body.questionIds }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/diagnostic-questions/{id}',
      operationId: 'getDiagnosticQuestion',
      summary: 'One diagnostic question with its answers and translations (its ETag: the revision for If-Match)',
      tag,
      access: { kind: 'authenticated', permission: 'question.list' },
      params: onQuestion,
      response: { status: 200, description: 'The question', schema: QuestionDetailView },
      otherResponses: notFound,
      async handler({ principal, params }) {
        const question = await questionDetail(ports, principal, params.id);
        return { body: question, headers: { ETag: etagOf(question.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/diagnostic-questions/{id}',
      operationId: 'changeDiagnosticQuestion',
      summary:
        'Changes what the body names of a question (JSON merge-patch, application/merge-patch+json or application/json: what it leaves out stays, null empties a field; the answers are sent whole, the translations merged). If-Match with its revision: another change since answers 412. The next estimate uses it',
      tag,
      access: { kind: 'authenticated', permission: changeQuestion.permission as string },
      params: onQuestion,
      body: Type.Object(
        { ...fields, title: Type.Optional(fields.title), type: Type.Optional(fields.type), answers: Type.Optional(fields.answers) },
        { additionalProperties: false },
      ),
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...notFound, ...invalid, 412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)' },
      async handler(context) {
        const patch = context.body as QuestionPatch;
        return commandResult(await changeQuestion.run(ports, commandContext(context), { questionId: context.params.id, patch }));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/diagnostic-questions/{id}',
      operationId: 'deleteDiagnosticQuestion',
      summary: 'Deletes a question: no category asks it from the next request on (a buyback already declared keeps its answers). If-Match with its revision: another change since answers 412',
      tag,
      access: { kind: 'authenticated', permission: deleteQuestion.permission as string },
      params: onQuestion,
      conditional: true,
      response: { status: 200, description: 'Deleted', schema: CommandAnswer },
      otherResponses: { ...notFound, 412: 'If-Match names another revision (PRECONDITION_FAILED)' },
      async handler(context) {
        return commandResult(await deleteQuestion.run(ports, commandContext(context), { questionId: context.params.id }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/diagnostic-questions/{id}/history',
      operationId: 'getDiagnosticQuestionHistory',
      summary: 'Every event of the question: what, when, who and each value it changed (from, to), oldest first',
      tag,
      access: { kind: 'authenticated', permission: 'question.list' },
      params: onQuestion,
      response: { status: 200, description: 'The history', schema: QuestionHistory },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await questionHistory(ports, principal, params.id) }),
    }),
  ];
}
