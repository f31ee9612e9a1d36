// The screens read the shapes the server sends: the API's dispatch views, the domain's attributes, operators, bounds and states.
export type {
  DispatchRuleInputView as DispatchRuleInput,
  DispatchRulePage,
  DispatchRuleView as DispatchRule,
  DispatchSettingsView as DispatchSettings,
} from '@server/application/logistics/logistics-views';
export {
  DISPATCH_ATTRIBUTES,
  DISPATCH_LIMITS,
  DISPATCH_OPERATORS,
  type DispatchAttribute,
  type DispatchCondition,
  type DispatchOperator,
} from '@server/domain/logistics/dispatch/rules';
export { PRODUCT_STATES } from '@server/domain/catalog/estimate';
