import { SETTINGS_STREAMS } from '../../../application/settings/streams.js';
import { localesBeside } from '../../http/i18n.js';
import type { PlatformModule } from '../platform-module.js';
import { mergePieces } from '../module-pieces.js';
import { designPiece } from './design-wiring.js';
import { homePagePiece } from './home-page-wiring.js';
import { generalPiece } from './general-wiring.js';
import { statisticsPiece } from './statistics-wiring.js';
import { sftpPiece } from './sftp-wiring.js';
import { exportsPiece } from './exports-wiring.js';
import { legalPiece } from './legal-wiring.js';

/**
 * The settings part (issue 23, specification 002 §2–§9): the retailer's
 * design and design system, its storefront's home page, the general
 * settings of its store and buyer/workshop modules, and the dashboard's
 * weekly statistics. The configuration is the account's (see
 * application/settings/streams.ts); each feature declares its permissions,
 * refusals, menu entries, routes, projections and demo data in its own
 * `*-wiring.ts`, merged here.
 */
export const settingsModule: PlatformModule = {
  name: 'settings',
  streams: Object.values(SETTINGS_STREAMS),
  texts: localesBeside(import.meta.url),
  ...mergePieces([designPiece, homePagePiece, generalPiece, statisticsPiece, sftpPiece, legalPiece, exportsPiece]),
};
