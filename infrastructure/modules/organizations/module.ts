import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.js';
import type { Throttles } from '../../security/throttle-stores.js';
import { TOKENS } from '../../../application/tokens.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import { AuthService, SESSIONS_COLLECTION } from '../../../application/organizations/auth-service.js';
import { PLATFORM_STAFF, ROOT_USERS, STORE_USERS, UNIT_USERS, WAREHOUSE_USERS } from '../../../application/organizations/permissions.js';
import { ORGANIZATION_COLLECTIONS } from '../../../application/organizations/read-models.js';
import { ORGANIZATION_STREAMS } from '../../../application/organizations/streams.js';
import { USER_TYPES } from '../../../domain/organizations/events.js';
import { accountsProjection, organizationsProjection, usersProjection } from '../../../projections/organizations/projections.js';
import { localesBeside } from '../../http/i18n.js';
import { authRoutes } from '../../http/routes/organizations/auth-routes.js';
import type { PlatformModule } from '../platform-module.js';
import { organizationsDemoData } from './demo-data.js';
import { clientErrors, clientMenu, clientPermissions, clientRoutesOf } from './client-wiring.js';
import { entityErrors, entityMenu, entityPermissions, entityRoutesOf, entityStreams } from './entity-wiring.js';
import { userErrors, userMenu, userPermissions, userRoutesOf, userStreams } from './user-wiring.js';
import { passwordCollections, passwordErrors, passwordRoutesOf } from './password-wiring.js';
import { ssoCollections, ssoErrors, ssoMenu, ssoPermissions, ssoProjections, ssoRoutesOf, ssoStreams } from './sso-wiring.js';
import { userImportCollections, userImportErrors, userImportMenu, userImportRoutesOf } from './user-import-wiring.js';
import { storeLocatorErrors, storeLocatorRoutesOf } from './store-locator-wiring.js';

/** Organizations and identity: accounts (tenants), organizations, users, sessions, the storefront's configuration. */
export const organizationsModule: PlatformModule = {
  name: 'organizations',
  streams: [...Object.values(ORGANIZATION_STREAMS), ...ssoStreams, ...userStreams, ...entityStreams],
  projections: [accountsProjection, organizationsProjection, usersProjection, ...ssoProjections],
  referenceCollections: Object.values(ORGANIZATION_COLLECTIONS),
  ownCollections: [SESSIONS_COLLECTION, ...ssoCollections, ...passwordCollections, ...userImportCollections],
  permissions: { ...clientPermissions, ...ssoPermissions, ...userPermissions, ...entityPermissions },
  errors: {
    MODULE_UNKNOWN: 400,
    AUTH_LOGIN_LOCKED: 429,
    AUTH_SESSION_EXPIRED: 401,
    AUTH_INVALID_CREDENTIALS: 401,
    AUTH_ACCOUNT_INACTIVE: 403,
    MODULE_NOT_ALLOWED: 403,
    ACCOUNT_REQUIRED: 403,
    ACCOUNT_NOT_ALLOWED: 403,
    ACCOUNT_NOT_FOUND: 404,
    STORE_NOT_FOUND: 404,
    WHITE_LABEL_NOT_AVAILABLE: 404,
    ...userErrors,
    ...clientErrors,
    ...entityErrors,
    ...passwordErrors,
    ...ssoErrors,
    ...userImportErrors,
    ...storeLocatorErrors,
  },
  texts: localesBeside(import.meta.url),
  menu: [{ section: 'main', key: 'home', path: '/home', permission: null }, ...clientMenu, ...userMenu, ...ssoMenu, ...userImportMenu, ...entityMenu],
  demoData: organizationsDemoData,
  register(container) {
    container.registerSingleton(TOKENS.AuthService, AuthService);
  },
  routes(container: DependencyContainer) {
    const config = container.resolve<AppConfig>(TOKENS.Config);
    const lock = config.loginLockMinutes * 60;
    const throttles = container.resolve<Throttles>(TOKENS.Throttles);
    return [...authRoutes({
      auth: container.resolve<AuthService>(TOKENS.AuthService),
      protection: {
        perAccount: throttles.create('login-account', config.loginMaxFailuresPerAccount, lock, lock),
        perAddress: throttles.create('login-address', config.loginMaxFailuresPerAddress, 3600, lock),
        anonymousTokens: throttles.create('anonymous-tokens', config.anonymousTokensPerAddress, 600, 600),
        logger: container.resolve<Logger>(TOKENS.Logger),
      },
      documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
      defaultWhiteLabelAccountId: container.resolve<() => Promise<string | null>>(TOKENS.DefaultWhiteLabelAccount),
      tagManagerUrl: config.tagManagerUrl,
    }), ...passwordRoutesOf(container), ...clientRoutesOf(container), ...ssoRoutesOf(container), ...userImportRoutesOf(container), ...userRoutesOf(container), ...entityRoutesOf(container), ...storeLocatorRoutesOf(container)];
  },
};

/** Every user type: what a permission everyone holds lists. */
export const EVERYONE = USER_TYPES;
export { PLATFORM_STAFF, ROOT_USERS, STORE_USERS, UNIT_USERS, WAREHOUSE_USERS };
