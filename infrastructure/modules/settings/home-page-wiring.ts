import type { ModulePiece } from '../module-pieces.js';

/** The settings part's home-page feature (issue 23): its permissions, refusals, menu entries, routes, projections and demo data. */
export const homePagePiece: ModulePiece = {};
