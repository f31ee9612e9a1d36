/**
 * The workshop's definitions (issue 22, specification 001 "Refurbishment
 * steps" and "Refurbishment diagnosis"): the refurb step definitions
 * (list, one, creation, merge-patch, deletion refused while items or
 * questions plan them, history) and the diagnosis questions (list, or those
 * that apply to a product; one; creation; merge-patch; deletion; order;
 * history). Every one needs the account's refurbishment premium feature
 * (403 PREMIUM_FEATURE_NOT_ENABLED).
 */
import { changeStepDefinition, createStepDefinition, deleteStepDefinition } from '../../../../application/refurbishment/step-definitions/commands.js';
import { MAX_STEP_DEFINITIONS, type RefurbDefinitionPorts } from '../../../../application/refurbishment/step-definitions/lookup.js';
import { listStepDefinitions, stepDefinitionChoices, stepDefinitionDetail, stepDefinitionHistory, STEP_DEFINITION_SORTS } from '../../../../application/refurbishment/step-definitions/queries.js';
import { RefurbStepChoicesView, RefurbStepDefinitionHistory, RefurbStepDefinitionPage, RefurbStepDefinitionView } from '../../../../application/refurbishment/step-definitions/step-definition-views.js';
import { changeRefurbQuestion, createRefurbQuestion, deleteRefurbQuestion, reorderRefurbQuestions } from '../../../../application/refurbishment/diagnosis-questions/commands.js';
import { MAX_REFURB_QUESTIONS, visibleRefurbQuestion } from '../../../../application/refurbishment/diagnosis-questions/lookup.js';
import { listRefurbQuestions, REFURB_QUESTION_SORTS, refurbQuestionDetail, refurbQuestionHistory } from '../../../../application/refurbishment/diagnosis-questions/queries.js';
import { RefurbQuestionHistory, RefurbQuestionPage, RefurbQuestionView } from '../../../../application/refurbishment/diagnosis-questions/question-views.js';
import type { Principal } from '../../../../application/organizations/principal.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { ApplicationError } from '../../../../application/commands/errors.js';
import { REFURB_QUESTION_TYPES } from '../../../../domain/refurbishment/events.js';
import { STEP_DEFINITION_LIMITS } from '../../../../domain/refurbishment/step-definition/step-definition.js';
import { REFURB_QUESTION_LIMITS } from '../../../../domain/refurbishment/diagnosis-question/question.js';
import { MAX_TRANSLATED_FIELDS } from '../../../../domain/shared/translations.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Text, Type, idParams, uuid } from '../schemas.js';

const stepsTag = 'refurb-steps';
const questionsTag = 'refurb-diagnosis-questions';
const premium = { 403: 'The retailer lacks the refurbishment premium feature (PREMIUM_FEATURE_NOT_ENABLED, details.feature refurb_steps)' };
const stepNotFound = { 404: 'No such step definition in the caller’s tenant (REFURB_STEP_NOT_FOUND)' };
const questionNotFound = { 404: 'No such question in the caller’s tenant (REFURB_QUESTION_NOT_FOUND)' };
const stepInvalid = { 422: 'A field breaks the rules (REFURB_STEP_INVALID, details.fields naming each: TEXT_REQUIRED, TEXT_LENGTH, REFURB_STEP_STOCK_UNKNOWN, REFURB_STEP_WAREHOUSE_UNKNOWN, REFURB_STEP_WAREHOUSE_TWICE, REFURB_STEP_COST_INVALID)' };
const questionInvalid = { 422: 'A field breaks the rules (REFURB_QUESTION_INVALID, details.fields naming each: TEXT_LENGTH, REFURB_QUESTION_ANSWERS_COUNT, REFURB_QUESTION_STEP_UNKNOWN, REFURB_QUESTION_SCOPE_UNKNOWN…)' };
const stale = { 412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)' };

/** Bounded at twice the rule, so that a text a little too long gets the rule's own message at its field (the domain's), not the schema's. */
const OptionalText = (max: number, what: string) => Type.Optional(Type.Union([Type.String({ maxLength: 2 * max, description: what }), Type.Null()]));
const PerLanguage = Type.Optional(Type.Union([Type.Record(Type.String({ maxLength: 100 }), Type.Union([Type.String({ maxLength: 600 }), Type.Null()]), { maxProperties: MAX_TRANSLATED_FIELDS }), Type.Null()]));
const Translations = (paths: string) =>
  Type.Optional(
    Type.Union([Type.Object({ 'en-GB': PerLanguage, 'nl-BE': PerLanguage, 'de-DE': PerLanguage }, { additionalProperties: false }), Type.Null()], {
      description: `Per language, by path (${paths}); merged: a null removes a text or a language. French is the field itself.`,
    }),
  );

const { name, description, costs, costCents } = STEP_DEFINITION_LIMITS;
const stepFields = {
  name: Text(2 * name.max, 0, { description: `Required, at most ${name.max} characters, unique in the retailer (case and spaces aside: REFURB_STEP_NAME_TAKEN).` }),
  description: OptionalText(description.max, `At most ${description.max} characters, or null.`),
  stockId: Text(64, 0, { description: 'Required: a stock of one of the retailer’s warehouses, where the item waits while the step is to do.' }),
  costs: Type.Optional(
    Type.Array(
      Type.Object(
        {
          warehouseId: Text(64, 1, { description: 'One of the retailer’s warehouses, each once.' }),
          costInCents: Type.Number({ minimum: -1_000_000_000, maximum: 1_000_000_000, description: `Whole cents, ${costCents.min} to ${costCents.max} (REFURB_STEP_COST_INVALID otherwise).` }),
        },
        { additionalProperties: false },
      ),
      { maxItems: 2 * costs.max, description: 'What the step costs in each warehouse; a warehouse left out plans it at no cost.' },
    ),
  ),
  translations: Translations('`name`, `description`'),
};

const { label, answers, answerLabel, stepsPerAnswer, scope } = REFURB_QUESTION_LIMITS;
const Answer = Type.Object(
  {
    answerId: Type.Optional(Text(64, 1, { description: 'An answer already there keeps its id; a new one may come without (one is given).' })),
    label: Text(2 * answerLabel.max, 0, { description: `Required, at most ${answerLabel.max} characters.` }),
    stepDefinitionIds: Type.Array(Text(64, 1), { maxItems: 2 * stepsPerAnswer.max, description: 'The retailer’s refurb step definitions this answer plans.' }),
  },
  { additionalProperties: false },
);
const questionFields = {
  label: Text(2 * label.max, 0, { description: `Required, ${label.min} to ${label.max} characters.` }),
  questionType: StringEnum(REFURB_QUESTION_TYPES, { description: 'unique: one answer; multiple: one or more.' }),
  answers: Type.Array(Answer, { maxItems: answers.max, description: `${answers.min} to ${answers.max} answers, in the order they are shown.` }),
  categoryIds: Type.Optional(Type.Array(Text(64, 1), { maxItems: scope.max, description: 'It applies to the products of these categories and their descendants (none and no product: every product).' })),
  productIds: Type.Optional(Type.Array(Text(64, 1), { maxItems: scope.max, description: 'It applies to these products.' })),
  position: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 2_000_000, description: 'Its place among the retailer’s questions (ascending); by default after the others.' })),
  translations: Translations('`label`, `answers.<answerId>.label`'),
};

/** Reading the questions: their managers, and the technicians who run a diagnosis (checked after the lookup: another retailer's question is not found). */
function mayReadQuestions(principal: Principal): void {
  if (!principal.permissions.has('refurb_diagnostic.manage') && !principal.permissions.has('refurb_diagnostic.write')) {
    throw new ApplicationError('ACCESS_DENIED', { permission: 'refurb_diagnostic.manage' });
  }
}
const readQuestions = { kind: 'authenticated' as const, permission: null, permissionNote: 'refurb_diagnostic.manage or refurb_diagnostic.write' };

export function refurbDefinitionsRoutes(ports: RefurbDefinitionPorts): Route[] {
  const onOne = idParams('id');
  const listSteps = { kind: 'authenticated' as const, permission: 'refurb_step.list' };
  const questionList = listRoutes({
    path: '/refurb-diagnosis-questions',
    tag: questionsTag,
    sorts: REFURB_QUESTION_SORTS,
    filters: {
      label: Type.Optional(Text(255)),
      productId: Type.Optional(uuid),
    },
    page: {
      operationId: 'listRefurbDiagnosisQuestions',
      summary: `The retailer’s refurbishment diagnosis questions in their order (at most ${MAX_REFURB_QUESTIONS}), each answer with the steps it plans, texts in the caller’s language; with productId, those that apply to that product (its own, its categories’ and their ancestors’, and those for every product), all on one page, in the order the diagnosis asks them`,
      permission: 'refurb_diagnostic.manage',
      schema: RefurbQuestionPage,
      handler: async ({ principal, locale }, query) => {
        mayReadQuestions(principal);
        return listRefurbQuestions(ports.documents, principal, locale, query);
      },
    },
  }).map((route) => ({
    ...route,
    access: readQuestions,
    otherResponses: { ...premium, 404: 'With productId: a product the caller’s retailer does not have (the catalogue’s PRODUCT_NOT_FOUND); a product no question applies to answers an empty page' },
  }));

  return [
    ...listRoutes({
      path: '/refurb-steps',
      tag: stepsTag,
      sorts: STEP_DEFINITION_SORTS,
      filters: { name: Type.Optional(Text(255)), stockId: Type.Optional(uuid) },
      page: {
        operationId: 'listRefurbSteps',
        summary: `The retailer’s refurb step definitions (by name unless ordered otherwise; a workshop has tens, at most ${MAX_STEP_DEFINITIONS} per page unpaged), each with its stock, its cost per warehouse and how many item steps were planned from it; search by name, by stock`,
        permission: 'refurb_step.list',
        schema: RefurbStepDefinitionPage,
        handler: ({ principal, locale }, query) => listStepDefinitions(ports.documents, principal, locale, query),
      },
    }).map((route) => ({ ...route, otherResponses: { ...premium } })),
    defineRoute({
      method: 'post',
      path: '/refurb-steps',
      operationId: 'createRefurbStep',
      summary: 'A new refurb step definition of the caller’s retailer: name (unique), description, the stock the item waits in, its cost per warehouse in whole cents, translations',
      tag: stepsTag,
      access: { kind: 'authenticated', permission: createStepDefinition.permission as string },
      body: Type.Object(stepFields, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: { ...premium, ...stepInvalid, 409: 'Another step definition has this name (REFURB_STEP_NAME_TAKEN)' },
      async handler(context) {
        const outcome = await createStepDefinition.run(ports, commandContext(context), { ...context.body });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/refurb-steps/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/refurb-step-choices',
      operationId: 'getRefurbStepChoices',
      summary: 'What a step definition’s form chooses from: the caller’s retailer’s active warehouses and their stocks (native ones named by their kind)',
      tag: stepsTag,
      access: listSteps,
      response: { status: 200, description: 'The choices', schema: RefurbStepChoicesView },
      otherResponses: { ...premium },
      handler: async ({ principal }) => ({ body: await stepDefinitionChoices(ports.documents, principal) }),
    }),
    defineRoute({
      method: 'get',
      path: '/refurb-steps/{id}',
      operationId: 'getRefurbStep',
      summary: 'One refurb step definition: its texts in the caller’s language, the French ones and their translations, its stock, costs and usages (its ETag: the revision for If-Match)',
      tag: stepsTag,
      access: listSteps,
      params: onOne,
      response: { status: 200, description: 'The step definition', schema: RefurbStepDefinitionView },
      otherResponses: { ...stepNotFound, ...premium },
      async handler({ principal, params, locale }) {
        const definition = await stepDefinitionDetail(ports.documents, principal, locale, params.id);
        return { body: definition, headers: { ETag: etagOf(definition.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/refurb-steps/{id}',
      operationId: 'changeRefurbStep',
      summary:
        'Changes what the body names of a step definition (JSON merge-patch: what it leaves out stays; the costs are sent whole, the translations merged). The steps already planned keep the cost they were planned with. If-Match with its revision: another change since answers 412',
      tag: stepsTag,
      access: { kind: 'authenticated', permission: changeStepDefinition.permission as string },
      params: onOne,
      body: Type.Object({ ...stepFields, name: Type.Optional(stepFields.name), stockId: Type.Optional(stepFields.stockId) }, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...stepNotFound, ...premium, ...stepInvalid, ...stale, 409: 'Another step definition has this name (REFURB_STEP_NAME_TAKEN)' },
      handler: async (context) => commandResult(await changeStepDefinition.run(ports, commandContext(context), { stepDefinitionId: context.params.id, patch: { ...context.body } })),
    }),
    defineRoute({
      method: 'delete',
      path: '/refurb-steps/{id}',
      operationId: 'deleteRefurbStep',
      summary: 'Deletes a step definition no item step was planned from and no question’s answer plans (REFURB_STEP_IN_USE, details.usages and details.questions, otherwise); its name is free again',
      tag: stepsTag,
      access: { kind: 'authenticated', permission: deleteStepDefinition.permission as string },
      params: onOne,
      conditional: true,
      response: { status: 200, description: 'Deleted', schema: CommandAnswer },
      otherResponses: { ...stepNotFound, ...premium, ...stale, 409: 'Items or questions plan it (REFURB_STEP_IN_USE)' },
      handler: async (context) => commandResult(await deleteStepDefinition.run(ports, commandContext(context), { stepDefinitionId: context.params.id })),
    }),
    defineRoute({
      method: 'get',
      path: '/refurb-steps/{id}/history',
      operationId: 'getRefurbStepHistory',
      summary: 'Every event of the step definition: what, when, who and each value it changed (from, to), oldest first',
      tag: stepsTag,
      access: listSteps,
      params: onOne,
      response: { status: 200, description: 'The history', schema: RefurbStepDefinitionHistory },
      otherResponses: { ...stepNotFound, ...premium },
      handler: async ({ principal, params }) => ({ body: await stepDefinitionHistory(ports.documents, ports.eventStore, principal, params.id) }),
    }),
    ...questionList,
    defineRoute({
      method: 'post',
      path: '/refurb-diagnosis-questions',
      operationId: 'createRefurbDiagnosisQuestion',
      summary: 'A new refurbishment diagnosis question of the caller’s retailer: label, type, 2 to 30 answers each planning step definitions, the products it applies to (categories, products; none: every product), its place, translations',
      tag: questionsTag,
      access: { kind: 'authenticated', permission: createRefurbQuestion.permission as string },
      body: Type.Object(questionFields, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: { ...premium, ...questionInvalid },
      async handler(context) {
        const outcome = await createRefurbQuestion.run(ports, commandContext(context), { ...context.body });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/refurb-diagnosis-questions/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/refurb-diagnosis-questions/order',
      operationId: 'reorderRefurbDiagnosisQuestions',
      summary: 'The order of the retailer’s questions: every one of them once (REFURB_QUESTION_ORDER_INVALID otherwise); each whose place changes gets its new position, in one atomic append',
      tag: questionsTag,
      access: { kind: 'authenticated', permission: reorderRefurbQuestions.permission as string },
      body: Type.Object({ questionIds: Type.Array(uuid, { maxItems: MAX_REFURB_QUESTIONS }) }, { additionalProperties: false }),
      response: { status: 200, description: 'Saved', schema: CommandAnswer },
      otherResponses: { ...premium, 422: 'Not every question once (REFURB_QUESTION_ORDER_INVALID)' },
      handler: async (context) => commandResult(await reorderRefurbQuestions.run(ports, commandContext(context), { questionIds: context.body.questionIds })),
    }),
    defineRoute({
      method: 'get',
      path: '/refurb-diagnosis-questions/{id}',
      operationId: 'getRefurbDiagnosisQuestion',
      summary: 'One refurbishment diagnosis question with its answers, the steps they plan, its scope and translations (its ETag: the revision for If-Match)',
      tag: questionsTag,
      access: readQuestions,
      params: onOne,
      response: { status: 200, description: 'The question', schema: RefurbQuestionView },
      otherResponses: { ...questionNotFound, ...premium },
      async handler({ principal, params, locale }) {
        await visibleRefurbQuestion(ports.documents, principal, params.id);
        mayReadQuestions(principal);
        const question = await refurbQuestionDetail(ports.documents, principal, locale, params.id);
        return { body: question, headers: { ETag: etagOf(question.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/refurb-diagnosis-questions/{id}',
      operationId: 'changeRefurbDiagnosisQuestion',
      summary: 'Changes what the body names of a question (JSON merge-patch: what it leaves out stays; answers sent whole, translations merged). If-Match with its revision: another change since answers 412',
      tag: questionsTag,
      access: { kind: 'authenticated', permission: changeRefurbQuestion.permission as string },
      params: onOne,
      body: Type.Object(
        { ...questionFields, label: Type.Optional(questionFields.label), questionType: Type.Optional(questionFields.questionType), answers: Type.Optional(questionFields.answers) },
        { additionalProperties: false },
      ),
      conditional: true,
      response: { status: 200, description: 'Saved (unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { ...questionNotFound, ...premium, ...questionInvalid, ...stale },
      handler: async (context) => commandResult(await changeRefurbQuestion.run(ports, commandContext(context), { questionId: context.params.id, patch: { ...context.body } })),
    }),
    defineRoute({
      method: 'delete',
      path: '/refurb-diagnosis-questions/{id}',
      operationId: 'deleteRefurbDiagnosisQuestion',
      summary: 'Deletes a question: no diagnosis asks it from the next request on (a diagnosis answered keeps its answers and the steps it planned)',
      tag: questionsTag,
      access: { kind: 'authenticated', permission: deleteRefurbQuestion.permission as string },
      params: onOne,
      conditional: true,
      response: { status: 200, description: 'Deleted', schema: CommandAnswer },
      otherResponses: { ...questionNotFound, ...premium, ...stale },
      handler: async (context) => commandResult(await deleteRefurbQuestion.run(ports, commandContext(context), { questionId: context.params.id })),
    }),
    defineRoute({
      method: 'get',
      path: '/refurb-diagnosis-questions/{id}/history',
      operationId: 'getRefurbDiagnosisQuestionHistory',
      summary: 'Every event of the question: what, when, who and each value it changed (from, to), oldest first',
      tag: questionsTag,
      access: readQuestions,
      params: onOne,
      response: { status: 200, description: 'The history', schema: RefurbQuestionHistory },
      otherResponses: { ...questionNotFound, ...premium },
      handler: async ({ principal, params }) => {
        await visibleRefurbQuestion(ports.documents, principal, params.id);
        mayReadQuestions(principal);
        return { body: await refurbQuestionHistory(ports.documents, ports.eventStore, principal, params.id) };
      },
    }),
  ];
}
