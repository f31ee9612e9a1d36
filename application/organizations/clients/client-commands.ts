/**
 * The provider staff's commands on a client (a retailer account): open it
 * with its root organization, change its details (a merge-patch), change its
 * organization root details (a merge-patch; a root manager may on their own
 * account). Each decided by the account aggregate on its stream; the root
 * organization follows the client's name, identity and address in the same
 * atomic append.
 */
import { accountDecider, clientDetailsOf, type AccountCommand, type AccountState } from '../../../domain/organizations/account/account.js';
import type { ClientChanges, ClientDetails, ClientDetailsChanged, RootDetails } from '../../../domain/organizations/account/account-events.js';
import { validateClientChanges, validateRootDetailsChanges } from '../../../domain/organizations/account/client-rules.js';
import { newAccountOpening } from '../../../domain/organizations/account/new-account.js';
import type { AccountOpened, OrganizationChanged, OrganizationChanges, OrganizationRegistered } from '../../../domain/organizations/events.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { handleCommand, type Companion } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { toNewEvent, type DomainEvent } from '../../events/codec.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventMetadata, EventStore } from '../../ports/event-store.js';
import { PLATFORM_STAFF } from '../permissions.js';
import { isPlatformStaff, type Principal } from '../principal.js';
import { liveAccount, ORGANIZATION_COLLECTIONS, type OrganizationDocument } from '../read-models.js';
import { ORGANIZATION_STREAMS } from '../streams.js';
import { clientOf, rootDetailsOfAccount, type ClientAccountDocument } from './client-read-model.js';
import { mergePatch } from './merge-patch.js';

export interface ClientPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

export type ClientOutcome = CommandOutcome<'active' | 'inactive'>;

/** What POST /clients sends: the client's fields, as a merge-patch over a new client's defaults (common name, country and modules required). */
export type NewClient = Record<string, unknown> & { commonName: string; country: string; modules: string[]; mainColor?: string };


/** A new client: its account (AccountOpened and its details) and its root organization, in one append. */
export const createClient = defineCommand<ClientPorts, NewClient, ClientOutcome>({
  name: 'CreateClient',
  permission: 'client.manage',
  async run(deps, context, input) {
    const accountId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const { mainColor, ...patch } = input;
    const details = clientChangesFromPatch(NEW_CLIENT_DEFAULTS, patch);
    const base = newAccountOpening(accountId, details.commonName ?? input.commonName.trim(), details.country ?? input.country);
    const opened: AccountOpened['data'] = {
      ...base,
      language: details.language ?? base.language,
      currency: details.currency ?? base.currency,
      mainColor: typeof mainColor === 'string' ? mainColor : base.mainColor,
      settings: { ...base.settings, enabledPremiumFeatures: details.premiumFeatures ?? base.settings.enabledPremiumFeatures },
      whiteLabel: details.whiteLabel ?? null,
    };
    const rootOrganizationId = deps.ids.uuid();
    return onAccount(deps, context, accountId, { type: 'OpenClient', data: { opened, details } }, rootOrganizationId);
  },
});

/** Changes what a merge-patch names of a client; the root organization follows its names, identity, address and status. */
export const changeClient = defineCommand<ClientPorts, { accountId: string; patch: Record<string, unknown>; reason: string | null }, ClientOutcome>({
  name: 'ChangeClientDetails',
  permission: 'client.manage',
  async run(deps, context, { accountId, patch, reason }) {
    const account = await accountDocument(deps.documents, accountId);
    const current = clientOf(account);
    const valid = clientChangesFromPatch(current, patch);
    const root = await rootOrganizationOf(deps.documents, accountId);
    return onAccount(deps, context, accountId, { type: 'ChangeClientDetails', data: { accountId, changes: valid, reason } }, root?._id ?? null);
  },
});

/** The organization root details after a merge-patch; provider staff, or a root manager of that account. */
export const changeRootDetails = defineCommand<ClientPorts, { accountId: string; patch: Record<string, unknown>; reason: string | null }, ClientOutcome>({
  name: 'ChangeRootDetails',
  permission: 'root_details.manage',
  async run(deps, context, { accountId, patch, reason }) {
    const account = await visibleAccount(deps.documents, context.principal, accountId);
    // What the provider sells (premium features) and arranges (the buyer paying) is the provider staff's to switch (specification 002 §6).
    if (!PLATFORM_STAFF.includes(context.principal.userType) && PROVIDER_ONLY_ROOT_DETAILS.some((field) => field in patch)) throw new ApplicationError('PREMIUM_FEATURES_PROVIDER_ONLY');
    const current = rootDetailsOfAccount(account);
    const merged = mergePatch(current, patch) as Record<string, unknown>;
    const changes = Object.fromEntries(Object.keys(patch).filter((key) => key in current).map((key) => [key, merged[key] ?? null])) as Partial<RootDetails>;
    const valid = validateRootDetailsChanges(changes);
    return onAccount(deps, context, accountId, { type: 'ChangeRootDetails', data: { accountId, changes: valid, reason } }, null);
  },
});

/** The root details only provider staff change, even on a retailer's own account. */
export const PROVIDER_ONLY_ROOT_DETAILS = ['enabledPremiumFeatures', 'buyerPaymentEnabled'] as const;

/** The defaults a new client's body is merged over (the opening's own defaults: everything allowed, active). */
const NEW_CLIENT_DEFAULTS: ClientDetails = clientDetailsOf(newAccountOpening('', '', ''));

/** The changes a merge-patch makes to a client: each field it names, whole, completed, validated (CLIENT_INVALID); the home page is its own screen's (application/settings/home-page). */
export function clientChangesFromPatch(current: ClientDetails, patch: Record<string, unknown>): ClientChanges {
  const merged = mergePatch(current, patch) as Record<string, unknown>;
  const changes = Object.fromEntries(Object.keys(patch).filter((key) => key in current).map((key) => [key, normalised(key, merged[key])])) as ClientChanges;
  return validateClientChanges(changes);
}

/** A nested value after the merge, completed with what a removed member leaves (null, false, none). */
function normalised(key: string, value: unknown): unknown {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a merged JSON value, checked by validateClientChanges next
  const v = (value ?? null) as Record<string, any> | null;
  switch (key) {
    case 'address':
      return { street: v?.street ?? null, streetComplement: v?.streetComplement ?? null, zipCode: v?.zipCode ?? null, city: v?.city ?? null };
    case 'transport':
      return { shippingTypes: v?.shippingTypes ?? [], carrierAccountNumber: v?.carrierAccountNumber ?? null };
    case 'whiteLabel':
      return v === null
        ? null
        : {
            tagManagerId: v.tagManagerId ?? null,
            axeptioId: v.axeptioId ?? null,
            externalWebsiteLink: v.externalWebsiteLink ? { url: v.externalWebsiteLink.url ?? '', text: v.externalWebsiteLink.text ?? '' } : null,
            dropOffLocationsMapEnabled: v.dropOffLocationsMapEnabled ?? false,
            cookiesPolicy: v.cookiesPolicy ?? null,
            accessibilityStatement: v.accessibilityStatement ?? null,
          };
    case 'commonName':
    case 'country':
      return value ?? '';
    default:
      return value ?? null;
  }
}

/** The organization fields that mirror the client's. */
function organizationChangesOf(changes: ClientChanges): OrganizationChanges {
  const out: OrganizationChanges = {};
  if (changes.commonName !== undefined) out.commonName = changes.commonName;
  if (changes.corporateName !== undefined) out.corporateName = changes.corporateName;
  if (changes.siret !== undefined) out.siret = changes.siret;
  if (changes.capitalInCents !== undefined) out.capitalInCents = changes.capitalInCents;
  if (changes.country !== undefined) out.country = changes.country;
  if (changes.status !== undefined) out.status = changes.status;
  if (changes.address !== undefined) Object.assign(out, changes.address);
  return out;
}

/**
 * The root organization's side of a command on the account: registered with
 * the client's opening, changed with its mirrored fields; nothing otherwise
 * (its stream is still checked not to have moved).
 */
function rootOrganizationCompanion(deps: ClientPorts, rootOrganizationId: string, metadata: EventMetadata): Companion<AccountState, DomainEvent> {
  return {
    stream: ORGANIZATION_STREAMS.organization.name(rootOrganizationId),
    follow(events, _state, history) {
      const follow: DomainEvent[] = [];
      for (const { event } of events) {
        if (event.type === 'AccountOpened' && history.length === 0) {
          const opened = (event as AccountOpened).data;
          const details = (events.find((e) => e.event.type === 'ClientDetailsChanged')?.event as ClientDetailsChanged | undefined)?.data.changes ?? {};
          const registered: OrganizationRegistered = {
            type: 'OrganizationRegistered',
            data: {
              organizationId: rootOrganizationId,
              accountId: opened.accountId,
              commonName: opened.name,
              corporateName: details.corporateName ?? null,
              type: 'root_management_unit',
              moduleType: 'root',
              parentOrganizationId: null,
              street: details.address?.street ?? null,
              zipCode: details.address?.zipCode ?? null,
              city: details.address?.city ?? null,
              country: opened.companyCountry,
              externalId: null,
              status: details.status ?? 'active',
              streetComplement: details.address?.streetComplement ?? null,
              email: null,
              siret: details.siret ?? null,
              capitalInCents: details.capitalInCents ?? null,
              latitude: null,
              longitude: null,
              manualGeocoding: false,
              buyerId: null,
              stock: null,
              showCart: false,
                openingHours: null,
            },
          };
          follow.push(registered);
        } else if (event.type === 'ClientDetailsChanged' && history.length > 0 && !events.some((e) => e.event.type === 'AccountOpened')) {
          const changes = organizationChangesOf((event as ClientDetailsChanged).data.changes);
          if (Object.keys(changes).length === 0) continue;
          const changed: OrganizationChanged = { type: 'OrganizationChanged', data: { organizationId: rootOrganizationId, accountId: metadata.accountId, changes, reason: 'client_details_changed' } };
          follow.push(changed);
        }
      }
      return follow.map((event) => toNewEvent(event, deps.ids.uuid(), { ...metadata, organizationId: rootOrganizationId }));
    },
  };
}

async function onAccount(deps: ClientPorts, context: CommandContext, accountId: string, command: AccountCommand, rootOrganizationId: string | null): Promise<ClientOutcome> {
  const metadata = commandMetadata(deps, context, accountId, null);
  const result = await handleCommand(deps.eventStore, ORGANIZATION_STREAMS.account.name(accountId), accountDecider, command, {
    metadata,
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
    ...(rootOrganizationId ? { companions: [rootOrganizationCompanion(deps, rootOrganizationId, metadata)] } : {}),
  });
  return { id: accountId, status: result.state.details?.status ?? 'active', revision: result.revision, position: result.position };
}

/** An account, for provider staff (ACCOUNT_NOT_FOUND when it does not exist). */
export async function accountDocument(documents: DocumentStore, accountId: string): Promise<ClientAccountDocument> {
  const account = liveAccount(await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId));
  if (!account) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId, reason: 'account_not_found' });
  return account;
}

/** An account the principal may see: provider staff any, anyone else their own (another's is not found). */
export async function visibleAccount(documents: DocumentStore, principal: Principal, accountId: string): Promise<ClientAccountDocument> {
  if (!isPlatformStaff(principal) && principal.accountId !== accountId) throw new ApplicationError('ACCOUNT_NOT_FOUND', { accountId, reason: 'account_not_found' });
  return accountDocument(documents, accountId);
}

export async function rootOrganizationOf(documents: DocumentStore, accountId: string): Promise<OrganizationDocument | null> {
  const [root] = await documents
    .collection<OrganizationDocument>(ORGANIZATION_COLLECTIONS.organizations)
    .find({ accountId, type: 'root_management_unit' }, { sort: [['commonName', 1]], limit: 1 });
  return root ?? null;
}
