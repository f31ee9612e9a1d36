/**
 * An item's refurb steps (issue 22, specification 001 "Refurbishment
 * steps"): the item's steps in order, one step, the five actions (start,
 * pause, resume, cancel with a comment, validate with an optional one),
 * the search by code, and the confirmation of the item's refurbishment.
 * Every one needs the account's refurbishment premium feature (403
 * PREMIUM_FEATURE_NOT_ENABLED); another retailer's ids answer 404.
 */
import { actOnStep, REFURB_WRITE, type StepPorts } from '../../../../application/refurbishment/item-refurb-steps/step-actions.js';
import { completeRefurbishment } from '../../../../application/refurbishment/item-refurb-steps/complete-refurbishment.js';
import { itemRefurbStep, itemRefurbSteps, itemWithStepsByCode, type StepQueryPorts } from '../../../../application/refurbishment/item-refurb-steps/step-queries.js';
import { ItemRefurbStepsView, ItemRefurbStepView, RefurbItemSummaryView } from '../../../../application/refurbishment/item-refurb-steps/item-refurb-steps-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { ITEM_REFURB_STEP_ACTIONS, type ItemRefurbStepAction } from '../../../../domain/refurbishment/item-refurb-step/commands.js';
import { REFURB_COMMENT_MAX } from '../../../../domain/refurbishment/item-refurb-step/state.js';
import type { WarehousePorts } from '../../../../application/warehouse/warehouse-ports.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { Text, Type, idParams } from '../schemas.js';

const tag = 'item-refurb-steps';
const premium = { 403: 'The retailer lacks the refurbishment premium feature (PREMIUM_FEATURE_NOT_ENABLED, details.feature refurb_steps)' };
const stepNotFound = { 404: 'No such step on an item the caller may see (ITEM_REFURB_STEP_NOT_FOUND)' };
/** Whoever may open the item reads its steps (technicians hold item.read with refurb.write). */
const readAccess = { kind: 'authenticated', permission: 'item.read' } as const;
const write = { kind: 'authenticated', permission: REFURB_WRITE } as const;

const WHAT: Record<ItemRefurbStepAction, string> = {
  start: 'Starts a step to do: it goes in progress and the item goes to the step’s stock (in the same atomic append)',
  pause: 'Pauses a step in progress (the time paused is not counted)',
  resume: 'Resumes a paused step',
  cancel: `Cancels a step to do, in progress or paused; the comment is required (1 to ${REFURB_COMMENT_MAX} characters)`,
  validate: `Validates (completes) a step in progress, with an optional comment (at most ${REFURB_COMMENT_MAX} characters)`,
};

export function itemRefurbStepsRoutes(ports: WarehousePorts): Route[] {
  const deps: StepPorts & StepQueryPorts = ports;
  const actions = ITEM_REFURB_STEP_ACTIONS.map((action) =>
    defineRoute({
      method: 'post',
      path: `/item-refurb-steps/{id}/${action}`,
      operationId: `${action}ItemRefurbStep`,
      summary: `${WHAT[action]}. If-Match with the step’s revision: another revision (another user acted since) answers 409 REFURB_STEP_STATUS_CHANGED with the current status, and nothing is written; two technicians acting at once: one wins, the other gets that refusal`,
      tag,
      access: write,
      params: idParams('id'),
      body: Type.Object(
        { comment: Type.Optional(Type.Union([Text(2 * REFURB_COMMENT_MAX, 0, { description: action === 'cancel' ? 'Required: why' : 'Optional' }), Type.Null()])) },
        { additionalProperties: false },
      ),
      idempotent: true,
      conditional: true,
      response: { status: 200, description: 'The step’s new status and revision (also in ETag)', schema: CommandAnswer },
      otherResponses: {
        ...stepNotFound,
        ...premium,
        409: 'The step’s status does not allow the action (REFURB_STEP_ACTION_NOT_ALLOWED, details.status), or another user changed it since the revision sent (REFURB_STEP_STATUS_CHANGED, details.status)',
        422: 'Cancellation without a comment (REFURB_COMMENT_REQUIRED), or a comment over 255 characters (REFURB_COMMENT_TOO_LONG)',
      },
      async handler(context) {
        const comment = (context.body as { comment?: string | null }).comment ?? null;
        return commandResult(await actOnStep.run(deps, commandContext(context), { itemRefurbStepId: context.params.id, action, comment }));
      },
    }),
  );
  return [
    defineRoute({
      method: 'get',
      path: '/item-refurb-steps/search',
      operationId: 'findItemWithRefurbSteps',
      summary: 'The item a scanned code names (13-digit code or 8-character item code) whose refurbishment has steps: in progress or confirmed',
      tag,
      access: readAccess,
      query: Type.Object({ code: Text(32, 1, { description: 'The 13-digit code or the 8-character item code' }) }, { additionalProperties: false }),
      response: { status: 200, description: 'The item', schema: RefurbItemSummaryView },
      otherResponses: {
        ...premium,
        404: 'No item the caller may see has this code (ITEM_CODE_NOT_RECOGNISED)',
        409: 'Several items share this item code (ITEM_CODE_AMBIGUOUS, details.candidates to choose from), or the item’s refurbishment has no steps to work (REFURB_STEPS_ITEM_NOT_IN_REFURB, details.status)',
        422: 'Not a code: too short or not 8 nor 13 characters (ITEM_CODE_INVALID)',
      },
      async handler({ principal, query }) {
        return { body: await itemWithStepsByCode(deps, principal, query.code) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/items/{id}/refurb-steps',
      operationId: 'getItemRefurbSteps',
      summary: 'The item’s refurb steps in their order: status, stock, cost, who did what and when with their comments, time spent (pauses excluded), what may be done; the steps left and whether the refurbishment may be confirmed',
      tag,
      access: readAccess,
      params: idParams('id'),
      response: { status: 200, description: 'The item and its steps', schema: ItemRefurbStepsView },
      otherResponses: { ...premium, 404: 'No such item the caller may see (ITEM_NOT_FOUND)' },
      async handler({ principal, params, locale }) {
        return { body: await itemRefurbSteps(deps, principal, locale, params.id) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/item-refurb-steps/{id}',
      operationId: 'getItemRefurbStep',
      summary: 'One item refurb step with its item (its ETag: the revision for If-Match on an action)',
      tag,
      access: readAccess,
      params: idParams('id'),
      response: { status: 200, description: 'The step', schema: Type.Composite([ItemRefurbStepView, Type.Object({ item: RefurbItemSummaryView })], { title: 'ItemRefurbStepDetail' }) },
      otherResponses: { ...premium, ...stepNotFound },
      async handler({ principal, params, locale }) {
        const step = await itemRefurbStep(deps, principal, locale, params.id);
        return { body: step, headers: { ETag: etagOf(step.revision) } };
      },
    }),
    ...actions,
    defineRoute({
      method: 'post',
      path: '/items/{id}/refurb-completion',
      operationId: 'completeItemRefurbishment',
      summary:
        'Confirms the item’s refurbishment once every step is completed or cancelled: the item goes to item_refurb_completed and its warehouse’s “refurb completed” stock. Written in one atomic append with a check of every step’s stream: a step started at the same moment makes one of the two fail',
      tag,
      access: write,
      params: idParams('id'),
      body: Type.Object({}, { additionalProperties: false }),
      idempotent: true,
      conditional: true,
      response: { status: 200, description: 'The item’s new status and revision (also in ETag)', schema: CommandAnswer },
      otherResponses: {
        ...premium,
        404: 'No such item the caller may see (ITEM_NOT_FOUND)',
        409: 'Steps are left (REFURB_STEPS_NOT_FINISHED, details.steps naming each), the item is not in refurbishment (ITEM_TRANSITION_NOT_ALLOWED), or a step changed at the same moment (CONCURRENT_MODIFICATION)',
        412: 'If-Match names another revision of the item (PRECONDITION_FAILED)',
      },
      async handler(context) {
        return commandResult(await completeRefurbishment.run(ports, commandContext(context), { itemId: context.params.id }));
      },
    }),
  ];
}
