import type { RefurbPiece } from './piece.js';

/** An item's refurb steps (start, pause, resume, cancel, validate) and the confirmation of its refurbishment. */
export const stepsPiece: RefurbPiece = {};
