import type { ModulePiece } from '../module-pieces.js';

/** The settings part's statistics feature (issue 23): its permissions, refusals, menu entries, routes, projections and demo data. */
export const statisticsPiece: ModulePiece = {};
