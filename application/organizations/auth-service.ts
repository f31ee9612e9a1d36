import { createHash } from 'node:crypto';
import { inject, injectable } from 'tsyringe';
import type { DocumentStore } from '../ports/document-store.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { PasswordHasher } from '../ports/security.js';
import { TOKENS } from '../tokens.js';
import { ApplicationError } from '../commands/errors.js';
import { MODULE_TYPES, type ModuleType, type UserType } from '../../domain/organizations/events.js';
import { liveAccount, ORGANIZATION_COLLECTIONS } from './read-models.js';
import type { AccountDocument, OrganizationDocument, UserDocument } from './read-models.js';
import type { PermissionMatrix } from './permissions.js';
import { visibleMenu, type MenuEntry } from './menu.js';
import { accountFlags } from '../../domain/organizations/account/flags.js';
import { clientOf, type ClientAccountDocument } from './clients/client-read-model.js';
import type { MeView } from './organization-views.js';
import type { Texts } from '../ports/texts.js';
import type { Locale } from '../../domain/organizations/events.js';
import { isPlatformStaff, type Principal } from './principal.js';
import type { EventStore } from '../ports/event-store.js';
import { appendUserFact } from './passwords/password-ports.js';

/** Sessions are not read models: they are never rebuilt and survive a projection rebuild. */
export const SESSIONS_COLLECTION = 'auth_sessions';

export interface Session {
  _id: string; // SHA-256 of the token
  kind: 'user' | 'anonymous';
  userId: string | null;
  accountId: string | null;
  organizationId: string | null;
  createdAt: string;
  expiresAt: string;
  /** An anonymous visitor's session is first short-lived; its first use gives it its full lifetime. */
  usedAt?: string | null;
  [key: string]: unknown;
}

export interface AuthConfig {
  sessionTtlMinutes: number;
  anonymousSessionTtlMinutes: number;
  /** How long a visitor token lives until it is first used: minted and never used, it expires quickly. */
  anonymousUnusedTtlMinutes: number;
}

@injectable()
export class AuthService {
  /** Verified when the e-mail is unknown, so timing does not reveal which e-mails exist. */
  private decoyHash: Promise<string> | null = null;

  constructor(
    @inject(TOKENS.DocumentStore) private readonly documents: DocumentStore,
    @inject(TOKENS.PasswordHasher) private readonly hasher: PasswordHasher,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
    @inject(TOKENS.Config) private readonly config: AuthConfig,
    @inject(TOKENS.PermissionMatrix) private readonly permissions: PermissionMatrix,
    @inject(TOKENS.MenuEntries) private readonly menuEntries: readonly MenuEntry[],
    @inject(TOKENS.Texts) private readonly texts: Texts,
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
  ) {}

  async login(email: string, password: string): Promise<{ token: string; expiresAt: string; user: UserDocument }> {
    const [user] = await this.users().find({ email: email.trim().toLowerCase() }, { limit: 1 });
    this.decoyHash ??= this.hasher.hash(this.ids.secret());
    const valid = await this.hasher.verify(user?.passwordHash ?? (await this.decoyHash), password);
    if (!user || !valid) throw new ApplicationError('AUTH_INVALID_CREDENTIALS');
    // Only once the password is verified: an SSO-bound user's e-mail answers as any other until then (docs/security.md).
    if (user.forceSso) throw new ApplicationError('AUTH_SSO_REQUIRED');
    if (user.status !== 'active' || !(await this.accountOpen(user))) throw new ApplicationError('AUTH_ACCOUNT_INACTIVE');
    // The sign-in is recorded (the users list's last login) while the session is stored: the answer waits for neither in turn.
    const [{ token, session }] = await Promise.all([
      this.openSession({
        kind: 'user',
        userId: user._id,
        accountId: user.accountId,
        organizationId: null,
        ttlMinutes: this.config.sessionTtlMinutes,
      }),
      appendUserFact({ eventStore: this.eventStore, clock: this.clock, ids: this.ids }, user, { type: 'UserSignedIn', data: { userId: user._id, method: 'password' } }, { userId: user._id }),
    ]);
    return { token, expiresAt: session.expiresAt, user };
  }

  /**
   * A session for a user who proved who they are elsewhere (single sign-on,
   * application/organizations/sso/): the same token and lifetime as a
   * password login's.
   */
  async sessionFor(user: UserDocument): Promise<{ token: string; expiresAt: string; user: UserDocument }> {
    if (user.status !== 'active' || !(await this.accountOpen(user))) throw new ApplicationError('AUTH_ACCOUNT_INACTIVE');
    const { token, session } = await this.openSession({
      kind: 'user',
      userId: user._id,
      accountId: user.accountId,
      organizationId: null,
      ttlMinutes: this.config.sessionTtlMinutes,
    });
    return { token, expiresAt: session.expiresAt, user };
  }

  /**
   * Whether the user's retailer account still lets its staff in: a client the
   * provider deactivated (or deleted) signs none of its users in, and their
   * open sessions end at their next request. Provider staff have no account.
   */
  private async accountOpen(user: UserDocument): Promise<boolean> {
    if (!user.accountId) return true;
    const account = await this.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(user.accountId);
    return liveAccount(account) !== null && (account as { client?: { status?: string } }).client?.status !== 'inactive';
  }

  /** A storefront visitor's pseudo-anonymous session, bound to the retailer's web organization. */
  async anonymous(accountId: string): Promise<{ token: string; expiresAt: string; account: AccountDocument }> {
    const account = liveAccount(await this.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId));
    if (!account || !account.whiteLabel) throw new ApplicationError('WHITE_LABEL_NOT_AVAILABLE', { accountId });
    const { token, session } = await this.openSession({
      kind: 'anonymous',
      userId: null,
      accountId,
      organizationId: account.webOrganizationId,
      ttlMinutes: Math.min(this.config.anonymousUnusedTtlMinutes, this.config.anonymousSessionTtlMinutes),
    });
    return { token, expiresAt: session.expiresAt, account };
  }

  async logout(token: string): Promise<void> {
    await this.sessions().delete(hashToken(token));
  }

  /**
   * The principal of a bearer token in the requested module. An unknown or
   * expired token answers AUTH_REQUIRED / AUTH_SESSION_EXPIRED (401); a module
   * the user has no role in answers MODULE_NOT_ALLOWED (403).
   */
  async authenticate(token: string, requestedModule: string | undefined): Promise<{ principal: Principal; user: UserDocument | null }> {
    const session = await this.sessions().get(hashToken(token));
    if (!session) throw new ApplicationError('AUTH_REQUIRED');
    if (session.expiresAt <= this.clock.now()) {
      await this.sessions().delete(session._id);
      throw new ApplicationError('AUTH_SESSION_EXPIRED');
    }
    if (session.kind === 'anonymous') {
      if (!session.usedAt) {
        // Its first use: the visitor is real; the token now lives its full lifetime (one write per visitor).
        const now = this.clock.now();
        const expiresAt = new Date(Date.parse(now) + this.config.anonymousSessionTtlMinutes * 60_000).toISOString();
        await this.sessions().upsert({ ...session, usedAt: now, expiresAt });
      }
      return {
        user: null,
        principal: {
          kind: 'anonymous',
          userId: null,
          visitorId: visitorIdOf(session._id),
          accountId: session.accountId,
          module: null,
          userType: 'pseudo_anonymous',
          organizationId: session.organizationId,
          permissions: this.permissions.permissionsOf('pseudo_anonymous'),
          visibleStoreIds: null,
        },
      };
    }
    const user = session.userId ? await this.users().get(session.userId) : null;
    if (!user || user.status !== 'active' || !this.holdsAnyPermission(user) || !(await this.accountOpen(user))) {
      // Inactive, gone, left with no permission in any module, or their retailer's account deactivated or deleted: signed out (specification 002 §4).
      await this.sessions().delete(session._id);
      throw new ApplicationError('AUTH_REQUIRED');
    }
    return { user, principal: await this.principalOf(user, requestedModule) };
  }

  /**
   * The principal acting for the account a request names (`?accountId=` or
   * `X-Account-Id`, the same on every tenant-scoped route): provider staff,
   * bound to no tenant, then act within that account as the matrix lets them
   * (every tenant filter narrows to it; ACCOUNT_NOT_FOUND when there is no
   * such account); anyone else may name only their own account
   * (ACCOUNT_NOT_ALLOWED otherwise), which changes nothing.
   */
  async actingFor(principal: Principal, accountId: string): Promise<Principal> {
    if (principal.accountId === accountId) return principal;
    if (!isPlatformStaff(principal) || principal.kind !== 'user') throw new ApplicationError('ACCOUNT_NOT_ALLOWED', { accountId });
    const account = liveAccount(await this.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId));
    if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId });
    return { ...principal, accountId: account._id };
  }

  async principalOf(user: UserDocument, requestedModule: string | undefined): Promise<Principal> {
    const modules = Object.keys(user.modules) as ModuleType[];
    const module = (requestedModule || modules[0] || (user.adminType ? 'root' : undefined)) as ModuleType | undefined;
    if (module && !(MODULE_TYPES as readonly string[]).includes(module)) throw new ApplicationError('MODULE_UNKNOWN', { module });
    const role = module ? user.modules[module] : undefined;
    if (user.adminType) {
      return {
        kind: 'user',
        userId: user._id,
        accountId: null,
        module: module ?? null,
        userType: user.adminType,
        organizationId: role?.organizationId ?? null,
        permissions: this.permissions.permissionsOf(user.adminType),
        visibleStoreIds: null,
      };
    }
    if (!module || !role) throw new ApplicationError('MODULE_NOT_ALLOWED', { module: module ?? null });
    return {
      kind: 'user',
      userId: user._id,
      accountId: user.accountId,
      module,
      userType: role.userType,
      organizationId: role.organizationId,
      permissions: this.permissions.permissionsOf(role.userType),
      visibleStoreIds: await this.storesBelow(role.userType, role.organizationId),
    };
  }

  /** GET /api/me: the user, their modules, their permissions per module and their menu (labels in `locale`). */
  async me(user: UserDocument, principal: Principal, locale: Locale): Promise<MeView> {
    const organization = principal.organizationId
      ? await this.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations).get(principal.organizationId)
      : null;
    const accountId = principal.accountId ?? organization?.accountId ?? null;
    const account = accountId ? await this.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId) : null;
    const modules = Object.fromEntries(
      Object.entries(user.modules).map(([module, role]) => [module, role?.userType ?? null]).filter(([, type]) => type !== null),
    ) as Partial<Record<ModuleType, UserType>>;
    const types = [...new Set([...(user.adminType ? [user.adminType] : []), ...Object.values(modules)])];
    const frontPermissions = Object.fromEntries(
      Object.entries(modules).map(([module, type]) => [module, [...this.permissions.permissionsOf(type as UserType)]]),
    );
    if (user.adminType) frontPermissions.no_module_type = [...this.permissions.permissionsOf(user.adminType)];
    return {
      id: user._id,
      email: user.email,
      firstname: user.firstname,
      lastname: user.lastname,
      locale: user.locale,
      types,
      modules,
      currentModule: principal.module,
      permissions: [...principal.permissions],
      frontPermissions,
      currentOrganization: organization
        ? {
            id: organization._id,
            commonName: organization.commonName,
            moduleType: organization.moduleType,
            type: organization.type,
          }
        : null,
      account: account
        ? {
            id: account._id,
            name: account.name,
            companyCountry: account.companyCountry,
            language: account.language,
            currency: account.currency,
            mainColor: account.mainColor,
            secondaryColor: account.design?.secondaryColor ?? null,
            logo: account.logoUrl,
            favicon: account.faviconUrl,
            ...accountFlags(clientOf(account as ClientAccountDocument).modules),
            settings: {
              packingInstructions: (account as ClientAccountDocument).settings.packingInstructions ?? null,
              customerIdCollectionEnabled: (account as ClientAccountDocument).settings.customerIdCollectionEnabled ?? false,
              customerIdentityDocumentRequired: account.settings.customerIdentityDocumentRequired,
              cartMinValueInCents: account.settings.cartMinValueInCents,
              categoryNavigationEnabled: account.settings.categoryNavigationEnabled,
              warehouseCheckinRequirement: account.settings.warehouseCheckinRequirement,
              enabledPremiumFeatures: [...account.settings.enabledPremiumFeatures],
            },
          }
        : null,
      menu: visibleMenu(this.menuEntries, { principal, settings: account?.settings ?? null, accountModules: account ? clientOf(account as ClientAccountDocument).modules : null }, (key) =>
        this.texts.text(locale, `menu.${key}`),
      ),
    };
  }

  private holdsAnyPermission(user: UserDocument): boolean {
    const types = [...(user.adminType ? [user.adminType] : []), ...Object.values(user.modules ?? {}).map((role) => role?.userType)];
    return types.some((type) => type !== undefined && this.permissions.permissionsOf(type).size > 0);
  }

  private async storesBelow(userType: UserType, organizationId: string): Promise<string[] | null> {
    if (userType !== 'management_unit_manager' && userType !== 'management_unit_analyst') return null;
    const organizations = this.documents.collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations);
    const unit = await organizations.get(organizationId);
    if (!unit) return [];
    const all = await organizations.find({ accountId: unit.accountId }, { limit: 10_000 });
    const below = [organizationId];
    for (let i = 0; i < below.length; i++) for (const o of all) if (o.parentOrganizationId === below[i]) below.push(o._id);
    return all.filter((o) => o.type === 'store' && below.includes(o._id)).map((o) => o._id);
  }

  private async openSession(input: {
    kind: Session['kind'];
    userId: string | null;
    accountId: string | null;
    organizationId: string | null;
    ttlMinutes: number;
  }): Promise<{ token: string; session: Session }> {
    const token = this.ids.secret();
    const now = this.clock.now();
    const session: Session = {
      _id: hashToken(token),
      kind: input.kind,
      userId: input.userId,
      accountId: input.accountId,
      organizationId: input.organizationId,
      createdAt: now,
      expiresAt: new Date(Date.parse(now) + input.ttlMinutes * 60_000).toISOString(),
    };
    await this.sessions().upsert(session);
    return { token, session };
  }

  private users() {
    return this.documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users);
  }

  private sessions() {
    return this.documents.collection<Session>(SESSIONS_COLLECTION);
  }
}

/**
 * A storefront visitor's pseudonymous id: one per visitor token, derived from
 * the session's id (itself the token's hash), so nothing is stored and the id
 * recorded on a visitor's cart opens neither the token nor the session.
 */
export function visitorIdOf(sessionId: string): string {
  return createHash('sha256').update(`visitor:${sessionId}`).digest('hex').slice(0, 32);
}

/** Tokens are stored only as their SHA-256: a leaked sessions table opens no session. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
