import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { PLATFORM_STAFF, ROOT_MANAGERS } from '../../../application/organizations/permissions.js';
import { accountFlags } from '../../../domain/organizations/account/flags.js';
import { generalSettingsRoutes } from '../../http/routes/settings/general-routes.js';
import type { ModulePiece } from '../module-pieces.js';

/**
 * The settings part's general feature (issue 23): the general settings of
 * the store (brand) module and of the buyer and workshop modules, each page
 * in the menu only for the accounts it applies to (specification 002 §6:
 * retailers, buyer and workshop supervisors).
 */
export const generalPiece: ModulePiece = {
  permissions: {
    'settings.manage': {
      description: 'Change the general settings of the store module and of the buyer and workshop modules (provider staff: any account; root managers: their own)',
      holders: [...PLATFORM_STAFF, ...ROOT_MANAGERS],
    },
  },
  errors: {
    GENERAL_SETTINGS_NOT_APPLICABLE: 403,
    GENERAL_SETTINGS_INVALID: 422,
    // The field-level codes of GENERAL_SETTINGS_INVALID's details.
    GENERAL_SETTING_UNKNOWN: 422,
    GENERAL_SETTING_NEEDS_WHITE_LABEL: 422,
  },
  menu: [
    {
      section: 'settings',
      key: 'generalSettingsTim',
      path: '/settings/tim/general',
      permission: 'settings.manage',
      visible: ({ accountModules }) => Boolean(accountModules && accountFlags(accountModules).isRetailer),
    },
    {
      section: 'settings',
      key: 'generalSettingsLcm',
      path: '/settings/lcm/general',
      permission: 'settings.manage',
      visible: ({ accountModules }) => Boolean(accountModules && accountFlags(accountModules).isBuyerAndWorkshopsSupervisor),
    },
  ],
  routes: (container) =>
    generalSettingsRoutes({
      eventStore: container.resolve<EventStore>(TOKENS.EventStore),
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      clock: container.resolve<Clock>(TOKENS.Clock),
      ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    }),
};
