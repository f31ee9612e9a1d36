import { REFURBISHMENT_STREAMS } from '../../../application/refurbishment/streams.js';
import { localesBeside } from '../../http/i18n.js';
import type { PlatformModule } from '../platform-module.js';
import { mergePieces } from './piece.js';
import { definitionsPiece } from './definitions-wiring.js';
import { diagnosisPiece } from './diagnosis-wiring.js';
import { stepsPiece } from './steps-wiring.js';
import { economicsPiece } from './economics-wiring.js';

/**
 * The refurbishment part (issue 22, specification 001 "Refurbishment steps"
 * and "Refurbishment diagnosis"): the workshop's step definitions and
 * diagnosis questions, an item's diagnosis, its refurb steps and their
 * confirmation, and the item's economic data. The whole part needs the
 * account's `refurb_steps` premium feature. Each feature declares its
 * permissions, refusals, menu entries, routes, projections and demo data in
 * its own `*-wiring.ts`; this manifest merges them.
 */
export const refurbishmentModule: PlatformModule = {
  name: 'refurbishment',
  streams: Object.values(REFURBISHMENT_STREAMS),
  texts: localesBeside(import.meta.url),
  ...mergePieces([definitionsPiece, diagnosisPiece, stepsPiece, economicsPiece]),
};
