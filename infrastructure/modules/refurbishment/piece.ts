import type { ModulePiece } from '../module-pieces.js';

export { mergePieces } from '../module-pieces.js';

/** One refurbishment feature's share of the manifest (infrastructure/modules/module-pieces.ts). */
export type RefurbPiece = ModulePiece;
