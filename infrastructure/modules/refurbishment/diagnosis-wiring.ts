import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import { REFURB_DIAGNOSIS_FEATURE } from '../../../application/refurbishment/refurb-premium.js';
import { refurbDiagnosisProjection } from '../../../projections/refurbishment/diagnosis-projection.js';
import { diagnosisRoutes } from '../../http/routes/refurbishment/diagnosis-routes.js';
import type { RefurbPiece } from './piece.js';
import { diagnosisDemoActivity } from './diagnosis-demo.js';

/** An item's refurbishment diagnosis: started by item code, answered now or later, finalized with a stock and the steps it plans. */
export const diagnosisPiece: RefurbPiece = {
  projections: [refurbDiagnosisProjection],
  permissions: {
    'refurb_diagnostic.write': {
      description: 'Run an item’s refurbishment diagnosis: start it by item code, answer its questions (now or later), choose its stock and finalize it, which plans the item’s refurb steps',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, ...WAREHOUSE_USERS],
    },
  },
  errors: {
    REFURB_CODE_TOO_SHORT: 422,
    REFURB_CODE_INVALID: 422,
    REFURB_ITEM_NOT_FOUND: 404,
    REFURB_ITEM_NOT_PROCESSABLE: 422,
    REFURB_ITEM_ALREADY_DIAGNOSED: 409,
    REFURB_SEVERAL_ITEMS_MATCH: 409,
    REFURB_DIAGNOSIS_NOT_FOUND: 404,
    REFURB_DIAGNOSIS_ALREADY_FINALIZED: 409,
    REFURB_DIAGNOSIS_INCOMPLETE: 422,
    REFURB_ANSWER_QUESTION_NOT_APPLICABLE: 422,
    REFURB_ANSWER_NOT_FOUND: 422,
    REFURB_ANSWER_DUPLICATE: 422,
    REFURB_UNIQUE_ANSWER_REQUIRED: 422,
    REFURB_MULTIPLE_ANSWER_REQUIRED: 422,
    REFURB_STOCK_NOT_IN_WAREHOUSE: 422,
    REFURB_STEP_DEFINITION_DELETED: 409,
  },
  menu: [{ section: 'refurbishment', key: 'refurbDiagnosisStart', path: '/refurb-diagnosis/start', permission: 'refurb_diagnostic.write', premiumFeature: REFURB_DIAGNOSIS_FEATURE }],
  routes: (container: DependencyContainer) =>
    diagnosisRoutes({
      eventStore: container.resolve<EventStore>(TOKENS.EventStore),
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
      ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    }),
  demoActivity: diagnosisDemoActivity,
};
