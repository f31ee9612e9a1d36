import type { DependencyContainer } from 'tsyringe';
import type { Logger } from 'pino';
import type { AppConfig } from '../../config.js';
import { TOKENS } from '../../../application/tokens.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import type { Mailer } from '../../../application/ports/mailer.js';
import type { PasswordHasher } from '../../../application/ports/security.js';
import { PASSWORD_LINKS_COLLECTION } from '../../../application/organizations/passwords/password-links.js';
import type { PasswordPorts } from '../../../application/organizations/passwords/password-ports.js';
import { passwordRoutes } from '../../http/routes/organizations/password-routes.js';
import type { Throttles } from '../../security/throttle-stores.js';

/**
 * The passwords' part of the organizations manifest: lost password, the
 * invitation's first password, their single-use links (a collection of
 * their own) and their refusals. `passwordPortsOf` gives the users and
 * import parts what `sendInvitation` needs.
 */
export const passwordErrors = {
  PASSWORD_LINK_INVALID: 404,
  PASSWORD_LINK_EXPIRED: 410,
  PASSWORD_TOO_WEAK: 422,
  PASSWORD_REPEAT_MISMATCH: 422,
  PASSWORD_SAME_AS_OLD: 422,
  PASSWORD_TERMS_NOT_ACCEPTED: 422,
  AUTH_SSO_REQUIRED: 403,
  USER_NOT_FOUND: 404,
} as const;

export const passwordCollections = [PASSWORD_LINKS_COLLECTION];

export function passwordPortsOf(container: DependencyContainer): PasswordPorts {
  const config = container.resolve<AppConfig>(TOKENS.Config);
  return {
    eventStore: container.resolve<EventStore>(TOKENS.EventStore),
    documents: container.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: container.resolve<Clock>(TOKENS.Clock),
    ids: container.resolve<IdGenerator>(TOKENS.IdGenerator),
    mailer: container.resolve<Mailer>(TOKENS.Mailer),
    hasher: container.resolve<PasswordHasher>(TOKENS.PasswordHasher),
    linkConfig: config.passwordLinks,
    dashboardUrl: `${config.publicBaseUrl}/dashboard`,
  };
}

export function passwordRoutesOf(container: DependencyContainer) {
  const logger = container.resolve<Logger>(TOKENS.Logger);
  const { renewPerAddressPerHour, renewPerEmailPerHour } = container.resolve<AppConfig>(TOKENS.Config).passwordLinks;
  const throttles = container.resolve<Throttles>(TOKENS.Throttles);
  return passwordRoutes({
    ports: passwordPortsOf(container),
    // Reset requests per client address and per e-mail as typed, each in an hour (then blocked for the hour).
    renewPerAddress: throttles.create('password-renew-address', renewPerAddressPerHour, 3600, 3600),
    renewPerEmail: throttles.create('password-renew-email', renewPerEmailPerHour, 3600, 3600),
    logger,
    later(work) {
      setImmediate(() => {
        work().catch((error: unknown) => logger.error({ err: error }, 'password reset request failed'));
      });
    },
  });
}
