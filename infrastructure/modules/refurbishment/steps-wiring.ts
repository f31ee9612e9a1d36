import type { DependencyContainer } from 'tsyringe';
import { TOKENS } from '../../../application/tokens.js';
import { PLATFORM_STAFF, ROOT_MANAGERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import { REFURB_FEATURE } from '../../../application/refurbishment/refurb-premium.js';
import type { WarehousePorts } from '../../../application/warehouse/warehouse-ports.js';
import { itemRefurbStepsProjection } from '../../../projections/refurbishment/item-refurb-steps-projection.js';
import { itemRefurbStepsRoutes } from '../../http/routes/refurbishment/item-refurb-steps-routes.js';
import type { RefurbPiece } from './piece.js';
import { stepsDemoActivity } from './steps-demo.js';

/** An item's refurb steps (start, pause, resume, cancel, validate) and the confirmation of its refurbishment. */
export const stepsPiece: RefurbPiece = {
  projections: [itemRefurbStepsProjection],
  permissions: {
    'refurb.write': {
      description: 'Work an item’s refurb steps (start, pause, resume, cancel with a comment, validate) and confirm its refurbishment once every step is completed or cancelled',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS, ...WAREHOUSE_USERS],
    },
  },
  errors: {
    ITEM_REFURB_STEP_NOT_FOUND: 404,
    ITEM_REFURB_STEP_ALREADY_PLANNED: 409,
    REFURB_STEP_ACTION_NOT_ALLOWED: 409,
    REFURB_STEP_STATUS_CHANGED: 409,
    REFURB_COMMENT_REQUIRED: 422,
    REFURB_COMMENT_TOO_LONG: 422,
    REFURB_STEPS_NOT_FINISHED: 409,
    REFURB_STEPS_ITEM_NOT_IN_REFURB: 409,
  },
  menu: [{ section: 'refurbishment', key: 'itemRefurbStepStart', path: '/warehouse/item-refurb-steps/search', permission: 'refurb.write', premiumFeature: REFURB_FEATURE }],
  routes: (container: DependencyContainer) => itemRefurbStepsRoutes(container.resolve<WarehousePorts>(TOKENS.WarehousePorts)),
  demoActivity: stepsDemoActivity,
};
