import type { RefurbPiece } from './piece.js';

/** An item's economic data (purchase price, planned and completed refurbishment cost, time per step, margin) and the items list's columns. */
export const economicsPiece: RefurbPiece = {};
