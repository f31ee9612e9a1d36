import type { RefurbPiece } from './piece.js';

/** The workshop's step definitions (name, description, stock, cost per warehouse) and diagnosis questions (answers planning steps). */
export const definitionsPiece: RefurbPiece = {};
