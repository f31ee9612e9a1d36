import type { ModulePiece } from '../module-pieces.js';

/** The settings part's SFTP feature (issue 23): its permissions, refusals, menu entries, routes, projections and demo data. */
export const sftpPiece: ModulePiece = {};
