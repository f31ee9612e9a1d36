/**
 * An item's refurbishment diagnosis (issue 22, specification 001
 * "Refurbishment diagnosis"): started by item code, answered now or later,
 * finalized with a stock, which plans the item's refurb steps. Every route
 * needs the account's refurbishment (403 PREMIUM_FEATURE_NOT_ENABLED).
 */
import { answerDiagnosis, DIAGNOSIS_PERMISSION, finalizeDiagnosis, startDiagnosis, type DiagnosisOutcome } from '../../../../application/refurbishment/diagnosis/diagnosis-commands.js';
import { MAX_REFURB_QUESTIONS } from '../../../../application/refurbishment/diagnosis-questions/lookup.js';
import { MAX_CODE_LENGTH, type DiagnosisPorts } from '../../../../application/refurbishment/diagnosis/diagnosis-lookup.js';
import { diagnosisDetail, diagnosisOfItem } from '../../../../application/refurbishment/diagnosis/diagnosis-queries.js';
import { RefurbDiagnosisCommandAnswer, RefurbDiagnosisView } from '../../../../application/refurbishment/diagnosis/diagnosis-views.js';
import { commandContext } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { Text, Type, idParams, uuid } from '../schemas.js';

const tag = 'refurbishment-diagnosis';
const premium = { 403: 'The account has no refurbishment (PREMIUM_FEATURE_NOT_ENABLED), or the caller lacks refurb_diagnostic.write' };
const notFound = { 404: 'No such diagnosis among the items the caller may see (REFURB_DIAGNOSIS_NOT_FOUND)' };
const MAX_ANSWERS_PER_QUESTION = 50;

function answer(outcome: DiagnosisOutcome, status = 200) {
  return {
    status,
    position: outcome.position,
    headers: { ETag: etagOf(outcome.revision), Location: `/api/refurb-diagnoses/${outcome.id}` },
    body: { id: outcome.id, itemId: outcome.itemId, status: outcome.status as 'open' | 'finalized', revision: outcome.revision },
  };
}

export function diagnosisRoutes(ports: DiagnosisPorts): Route[] {
  const onDiagnosis = idParams('id');
  return [
    defineRoute({
      method: 'post',
      path: '/refurb-diagnoses',
      operationId: 'startRefurbDiagnosis',
      summary:
        'Starts the diagnosis of the item a code names (8 or 13 characters): the item must be completed (item_completed) and goes to item_refurb_diagnostic_in_progress, in one atomic append with the diagnosis (two starts at once: one wins)',
      tag,
      access: { kind: 'authenticated', permission: DIAGNOSIS_PERMISSION },
      body: Type.Object({ code: Text(MAX_CODE_LENGTH, 0, { description: 'The item code, 8 characters, or the 13-digit code; spaces are ignored (shorter: REFURB_CODE_TOO_SHORT).' }) }, { additionalProperties: false }),
      idempotent: true,
      response: { status: 201, description: 'Started (the diagnosis id in Location, its revision in ETag)', schema: RefurbDiagnosisCommandAnswer },
      otherResponses: {
        ...premium,
        404: 'No item the caller may see has this code (REFURB_ITEM_NOT_FOUND)',
        409: 'Already diagnosed (REFURB_ITEM_ALREADY_DIAGNOSED), or several items have this 8-character code (REFURB_SEVERAL_ITEMS_MATCH, details.candidates: scan the 13-digit code)',
        422: 'Code too short (REFURB_CODE_TOO_SHORT) or not a code (REFURB_CODE_INVALID); the item’s status is not processable (REFURB_ITEM_NOT_PROCESSABLE, details.status)',
      },
      async handler(context) {
        return answer(await startDiagnosis.run(ports, commandContext(context), { code: context.body.code }), 201);
      },
    }),
    defineRoute({
      method: 'get',
      path: '/refurb-diagnoses/{id}',
      operationId: 'getRefurbDiagnosis',
      summary:
        'A diagnosis: its item and product, the questions that apply with their answers and those chosen, the steps planned (finalized) or that the answers would plan (open) with their costs in the item’s warehouse and their total',
      tag,
      access: { kind: 'authenticated', permission: DIAGNOSIS_PERMISSION },
      params: onDiagnosis,
      response: { status: 200, description: 'The diagnosis (its revision in ETag)', schema: RefurbDiagnosisView },
      otherResponses: { ...premium, ...notFound },
      async handler({ principal, params, locale }) {
        const view = await diagnosisDetail(ports, principal, params.id, locale);
        return { body: view, headers: { ETag: etagOf(view.revision) } };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/refurb-diagnoses/{id}/answers',
      operationId: 'answerRefurbDiagnosis',
      summary:
        'Saves the answers (the whole set: a question left out is not answered yet, to answer later): each question must apply to the product, a unique one takes exactly one answer, a multiple one at least one. Unchanged: nothing written. If-Match with its revision: 412 when stale',
      tag,
      access: { kind: 'authenticated', permission: DIAGNOSIS_PERMISSION },
      params: onDiagnosis,
      body: Type.Object(
        {
          answers: Type.Array(
            Type.Object(
              { questionId: Text(64, 1), answerIds: Type.Array(Text(64, 1), { maxItems: MAX_ANSWERS_PER_QUESTION }) },
              { additionalProperties: false },
            ),
            { maxItems: MAX_REFURB_QUESTIONS },
          ),
        },
        { additionalProperties: false },
      ),
      idempotent: true,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag)', schema: RefurbDiagnosisCommandAnswer },
      otherResponses: {
        ...premium,
        ...notFound,
        409: 'Already finalized (REFURB_DIAGNOSIS_ALREADY_FINALIZED)',
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'A question that does not apply (REFURB_ANSWER_QUESTION_NOT_APPLICABLE), an unknown answer (REFURB_ANSWER_NOT_FOUND), a count its type refuses (REFURB_UNIQUE_ANSWER_REQUIRED, REFURB_MULTIPLE_ANSWER_REQUIRED), a repeat (REFURB_ANSWER_DUPLICATE)',
      },
      async handler(context) {
        return answer(await answerDiagnosis.run(ports, commandContext(context), { diagnosisId: context.params.id, answers: context.body.answers }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/refurb-diagnoses/{id}/finalize',
      operationId: 'finalizeRefurbDiagnosis',
      summary:
        'Finalizes the diagnosis with a stock of the item’s warehouse: plans the steps the answers name (in question order, each once, with its cost in the item’s warehouse) and starts the item’s refurbishment in that stock, in one atomic append (two at once: one wins, nothing half-written)',
      tag,
      access: { kind: 'authenticated', permission: DIAGNOSIS_PERMISSION },
      params: onDiagnosis,
      body: Type.Object({ stockId: uuid }, { additionalProperties: false }),
      idempotent: true,
      conditional: true,
      response: { status: 200, description: 'Finalized (the new revision in ETag)', schema: RefurbDiagnosisCommandAnswer },
      otherResponses: {
        ...premium,
        ...notFound,
        409: 'Already finalized (REFURB_DIAGNOSIS_ALREADY_FINALIZED), a step definition the answers plan deleted since (REFURB_STEP_DEFINITION_DELETED, details.name; also the loser of a finalize and that deletion at the same moment), or written meanwhile (CONCURRENT_MODIFICATION)',
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'A question not answered yet (REFURB_DIAGNOSIS_INCOMPLETE, details.questionIds), a stock of another warehouse (REFURB_STOCK_NOT_IN_WAREHOUSE)',
      },
      async handler(context) {
        return answer(await finalizeDiagnosis.run(ports, commandContext(context), { diagnosisId: context.params.id, stockId: context.body.stockId }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/items/{id}/refurb-diagnosis',
      operationId: 'getItemRefurbDiagnosis',
      summary: 'The diagnosis of an item (the item detail’s "diagnosis result"), as GET /refurb-diagnoses/{id} answers it; read with the item’s own permission',
      tag,
      access: { kind: 'authenticated', permission: 'item.read' },
      params: idParams('id'),
      response: { status: 200, description: 'The diagnosis', schema: RefurbDiagnosisView },
      otherResponses: { ...premium, 404: 'No such item (ITEM_NOT_FOUND), or no diagnosis started (REFURB_DIAGNOSIS_NOT_FOUND)' },
      async handler({ principal, params, locale }) {
        const view = await diagnosisOfItem(ports, principal, params.id, locale);
        return { body: view, headers: { ETag: etagOf(view.revision) } };
      },
    }),
  ];
}
