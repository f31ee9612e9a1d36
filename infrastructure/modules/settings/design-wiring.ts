import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { PLATFORM_STAFF, ROOT_MANAGERS } from '../../../application/organizations/permissions.js';
import { settingsFilesProjection } from '../../../projections/settings/settings-files-projection.js';
import { designRoutes } from '../../http/routes/settings/design-routes.js';
import type { ModulePiece } from '../module-pieces.js';
import { designDemoActivity } from './demo/design-demo.js';

/**
 * The settings part's design feature (issue 23, specification 002 "/design",
 * "/design-system"): the settings files (logo, favicon, brand PDFs; one
 * stream each), the account's design (colours checked to WCAG AA, the
 * files it names), the design system page; Demo Retail's design.
 */
export const designPiece: ModulePiece = {
  projections: [settingsFilesProjection],
  permissions: {
    'design.manage': {
      description: 'Change the design (logo, favicon, colours), upload the settings files, see the design system; the home page (provider staff: any account; root managers: their own)',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS],
    },
  },
  errors: {
    SETTINGS_FILE_REQUIRED: 400,
    SETTINGS_FILE_TOO_LARGE: 422,
    SETTINGS_FILE_TYPE_REFUSED: 422,
    SETTINGS_FILE_NOT_FOUND: 404,
    SETTINGS_FILE_ALREADY_EXISTS: 409,
    SETTINGS_FILE_KIND_MISMATCH: 422,
    SETTINGS_FILE_IMAGE_SIZE_UNKNOWN: 422,
    DESIGN_COLOR_INVALID: 422,
    DESIGN_COLOR_CONTRAST_TOO_LOW: 422,
  },
  menu: [
    { section: 'settings', key: 'design', path: '/design', permission: 'design.manage' },
    { section: 'settings', key: 'designSystem', path: '/design-system', permission: 'design.manage' },
  ],
  demoActivity: designDemoActivity,
  routes: (container) =>
    designRoutes({
      eventStore: container.resolve<EventStore>(TOKENS.EventStore),
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
      ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    }),
};
