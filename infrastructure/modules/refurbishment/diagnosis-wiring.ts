import type { RefurbPiece } from './piece.js';

/** An item's refurbishment diagnosis: started by item code, answered now or later, finalized with a stock and the steps it plans. */
export const diagnosisPiece: RefurbPiece = {};
