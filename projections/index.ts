import type { Projection } from '../application/ports/projection.js';
import { buybacksProjection } from './buybacks/projection.js';
import { buybackHistoryProjection } from './buyback-history/projection.js';
import {
  accountsProjection,
  categoriesProjection,
  circuitsProjection,
  organizationsProjection,
  paymentModesProjection,
  productsProjection,
  questionsProjection,
  shippingMethodsProjection,
  usersProjection,
} from './reference-data/projections.js';

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
