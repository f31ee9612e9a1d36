import type { Projection } from '../application/ports/projection.js';
import { buybacksProjection } from './buybacks/list-projection.js';
import { buybackHistoryProjection } from './buybacks/history-projection.js';
import { accountsProjection, organizationsProjection, usersProjection } from './organizations/projections.js';
import {
  categoriesProjection,
  circuitsProjection,
  paymentModesProjection,
  productsProjection,
  questionsProjection,
  shippingMethodsProjection,
} from './catalog/projections.js';

/** Every read model the application keeps. Order does not matter: each has its own checkpoint. */
export const ALL_PROJECTIONS: readonly Projection[] = [
  accountsProjection,
  organizationsProjection,
  usersProjection,
  categoriesProjection,
  productsProjection,
  questionsProjection,
  circuitsProjection,
  shippingMethodsProjection,
  paymentModesProjection,
  buybacksProjection,
  buybackHistoryProjection,
] as readonly Projection[];
