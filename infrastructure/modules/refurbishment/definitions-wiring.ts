import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, ROOT_USERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import { REFURB_DIAGNOSIS_FEATURE, REFURB_FEATURE } from '../../../application/refurbishment/refurb-premium.js';
import { refurbDefinitionsProjections } from '../../../projections/refurbishment/definitions-projection.js';
import { refurbDefinitionsRoutes } from '../../http/routes/refurbishment/definitions-routes.js';
import { refurbDefinitionsDemoData } from './demo-definitions.js';
import type { RefurbPiece } from './piece.js';

/** The workshop's step definitions (name, description, stock, cost per warehouse) and diagnosis questions (answers planning steps). */
export const definitionsPiece: RefurbPiece = {
  projections: refurbDefinitionsProjections,
  permissions: {
    'refurb_step.list': { description: 'See the refurb step definitions (stock, cost per warehouse) and their histories', holders: [...PLATFORM_STAFF, ...ROOT_USERS, ...WAREHOUSE_USERS] },
    'refurb_step.manage': { description: 'Create, change and delete the refurb step definitions', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, 'warehouse_manager'] },
    'refurb_diagnostic.manage': { description: 'Create, change, order and delete the refurbishment diagnosis questions', holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, 'warehouse_manager'] },
  },
  errors: {
    REFURB_STEP_NOT_FOUND: 404,
    REFURB_STEP_ALREADY_EXISTS: 409,
    REFURB_STEP_NAME_TAKEN: 409,
    REFURB_STEP_IN_USE: 409,
    REFURB_STEP_INVALID: 422,
    REFURB_STEP_STOCK_UNKNOWN: 422,
    REFURB_STEP_WAREHOUSE_UNKNOWN: 422,
    REFURB_STEP_WAREHOUSE_TWICE: 422,
    REFURB_STEP_COST_INVALID: 422,
    REFURB_STEP_TOO_MANY_COSTS: 422,
    REFURB_QUESTION_NOT_FOUND: 404,
    REFURB_QUESTION_ALREADY_EXISTS: 409,
    REFURB_QUESTION_INVALID: 422,
    REFURB_QUESTION_ORDER_INVALID: 422,
    REFURB_QUESTION_TYPE_INVALID: 422,
    REFURB_QUESTION_ANSWERS_COUNT: 422,
    REFURB_QUESTION_ANSWER_DUPLICATE: 422,
    REFURB_QUESTION_STEP_UNKNOWN: 422,
    REFURB_QUESTION_SCOPE_UNKNOWN: 422,
    REFURB_QUESTION_TOO_MANY_VALUES: 422,
    REFURB_QUESTION_POSITION_INVALID: 422,
    REFURB_NO_QUESTIONS_FOR_PRODUCT: 404,
  },
  menu: [
    { section: 'refurbishment', key: 'refurbDiagnosisQuestions', path: '/refurb-diagnosis-questions', permission: 'refurb_diagnostic.manage', premiumFeature: REFURB_DIAGNOSIS_FEATURE },
    { section: 'refurbishment', key: 'refurbSteps', path: '/refurb-steps', permission: 'refurb_step.list', premiumFeature: REFURB_FEATURE },
  ],
  demoData: () => refurbDefinitionsDemoData(),
  routes(container: DependencyContainer) {
    return refurbDefinitionsRoutes({
      eventStore: container.resolve<EventStore>(TOKENS.EventStore),
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
      ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    });
  },
};
