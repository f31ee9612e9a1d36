import type { LogisticsPorts } from '../../../../application/logistics/logistics-ports.js';
import type { LogisticsQueries } from '../../../../application/logistics/logistics-queries.js';
import { DispatchRuleInputView, DispatchRulePage, DispatchRuleView, DispatchSettingsView } from '../../../../application/logistics/logistics-views.js';
import {
  chooseDefaultWarehouse,
  createDispatchRule,
  deleteDispatchRule,
  reorderDispatchRules,
  updateDispatchRule,
} from '../../../../application/logistics/dispatch.js';
import { DISPATCH_LIMITS } from '../../../../domain/logistics/dispatch/rules.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { Type, idParams, uuid } from '../schemas.js';

const tag = 'dispatch';
/** Provider staff name the tenant whose rules they mean; others work on their own. */
const accountQuery = Type.Object({ accountId: Type.Optional(uuid) }, { additionalProperties: false });

export function dispatchRoutes(ports: LogisticsPorts, queries: LogisticsQueries): Route[] {
  const onRule = idParams('id');
  return [
    ...listRoutes({
      path: '/warehouse-dispatch-rules',
      tag,
      sorts: { position: { path: 'position' } },
      filters: { accountId: Type.Optional(uuid) },
      page: {
        operationId: 'listDispatchRules',
        summary: 'The tenant’s warehouse dispatch rules, in the order they are tried (the first whose conditions all hold sends the device)',
        permission: 'dispatch_rule.read',
        schema: DispatchRulePage,
        handler: ({ principal }, query) => queries.dispatchRules(principal, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/warehouse-dispatch-rules',
      operationId: 'createDispatchRule',
      summary: 'A new dispatch rule: a title, at least one condition (brand, category, circuit or declared state; in or not in), at least one warehouse, the nearest-warehouse criterion; at the end unless a position is given',
      tag,
      access: { kind: 'authenticated', permission: createDispatchRule.permission as string },
      query: accountQuery,
      body: DispatchRuleInputView,
      idempotent: true,
      response: { status: 201, description: 'Created', schema: CommandAnswer },
      async handler(context) {
        const outcome = await createDispatchRule.run(ports, commandContext(context), { ...context.body, ...accountOf(context.query) });
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/warehouse-dispatch-rules/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/warehouse-dispatch-rules/{id}',
      operationId: 'getDispatchRule',
      summary: 'One dispatch rule, with its place among the rules and its last update',
      tag,
      access: { kind: 'authenticated', permission: 'dispatch_rule.read' },
      params: onRule,
      query: accountQuery,
      response: { status: 200, description: 'The rule', schema: DispatchRuleView },
      handler: async ({ principal, params, query }) => ({ body: await queries.dispatchRule(principal, params.id, query.accountId) }),
    }),
    defineRoute({
      method: 'put',
      path: '/warehouse-dispatch-rules/{id}',
      operationId: 'updateDispatchRule',
      summary: 'Replaces a dispatch rule’s fields (and moves it when a position is given); If-Match with the rules’ revision guards against another administrator’s change',
      tag,
      access: { kind: 'authenticated', permission: updateDispatchRule.permission as string },
      params: onRule,
      query: accountQuery,
      body: DispatchRuleInputView,
      conditional: true,
      response: { status: 200, description: 'Saved (the rules’ revision in ETag)', schema: CommandAnswer },
      async handler(context) {
        return commandResult(await updateDispatchRule.run(ports, commandContext(context), { ...context.body, ruleId: context.params.id, ...accountOf(context.query) }));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/warehouse-dispatch-rules/{id}',
      operationId: 'deleteDispatchRule',
      summary: 'Deletes a dispatch rule',
      tag,
      access: { kind: 'authenticated', permission: deleteDispatchRule.permission as string },
      params: onRule,
      query: accountQuery,
      conditional: true,
      response: { status: 200, description: 'Deleted', schema: CommandAnswer },
      async handler(context) {
        return commandResult(await deleteDispatchRule.run(ports, commandContext(context), { ruleId: context.params.id, ...accountOf(context.query) }));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/warehouse-dispatch-rules/reorder',
      operationId: 'reorderDispatchRules',
      summary: 'Puts the rules in a new order: every rule once (DISPATCH_RULE_ORDER_MISMATCH otherwise)',
      tag,
      access: { kind: 'authenticated', permission: reorderDispatchRules.permission as string },
      query: accountQuery,
      body: Type.Object({ ruleIds: Type.Array(uuid, { maxItems: DISPATCH_LIMITS.rules }) }, { additionalProperties: false }),
      idempotent: true,
      conditional: true,
      response: { status: 200, description: 'Reordered', schema: CommandAnswer },
      async handler(context) {
        return commandResult(await reorderDispatchRules.run(ports, commandContext(context), { ruleIds: context.body.ruleIds, ...accountOf(context.query) }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/warehouse-dispatch-settings',
      operationId: 'getDispatchSettings',
      summary: 'The default warehouse (where a device no rule sends anywhere goes; none: such a buyback is refused) and the rules’ revision',
      tag,
      access: { kind: 'authenticated', permission: 'dispatch_rule.read' },
      query: accountQuery,
      response: { status: 200, description: 'The settings', schema: DispatchSettingsView },
      async handler({ principal, query }) {
        const settings = await queries.dispatchSettings(principal, query.accountId);
        return { body: settings, headers: { ETag: etagOf(settings.revision) } };
      },
    }),
    defineRoute({
      method: 'put',
      path: '/warehouse-dispatch-settings',
      operationId: 'setDefaultWarehouse',
      summary: 'Chooses the default warehouse (null: none)',
      tag,
      access: { kind: 'authenticated', permission: chooseDefaultWarehouse.permission as string },
      query: accountQuery,
      body: Type.Object({ defaultWarehouseId: Type.Union([uuid, Type.Null()]) }, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Saved', schema: CommandAnswer },
      async handler(context) {
        return commandResult(await chooseDefaultWarehouse.run(ports, commandContext(context), { warehouseId: context.body.defaultWarehouseId, ...accountOf(context.query) }));
      },
    }),
  ];
}

function accountOf(query: { accountId?: string | undefined }): { accountId?: string } {
  return query.accountId ? { accountId: query.accountId } : {};
}
