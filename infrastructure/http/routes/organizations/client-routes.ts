/**
 * The provider staff's client administration (specification 002 §2, §7):
 * the clients list and form, the organization root details (a retailer's
 * root manager patches their own too), the account's deletion, its linked
 * buyers, and the catalogue's reindexing. PATCH bodies are JSON merge-patches
 * (RFC 7396) sent as application/json.
 */
import { CIRCUIT_TYPES } from '../../../../domain/catalog/events.js';
import { PAYMENT_TYPES } from '../../../../domain/buybacks/events.js';
import { CURRENCIES } from '../../../../domain/shared/money.js';
import { LOCALES, MODULE_TYPES, type Locale } from '../../../../domain/organizations/events.js';
import { ApplicationError } from '../../../../application/commands/errors.js';
import { ACCOUNT_STATUSES, PREMIUM_FEATURES, SHIPPING_TYPES } from '../../../../domain/organizations/account/account-events.js';
import { changeClient, changeRootDetails, createClient, type ClientPorts } from '../../../../application/organizations/clients/client-commands.js';
import { clientHistory, CLIENT_SORTS, getClient, getRootDetails, linkedBuyers, listClients } from '../../../../application/organizations/clients/client-queries.js';
import { ACCOUNT_DELETION_JOB_KIND, deleteAccount, type DeletionPorts } from '../../../../application/organizations/clients/delete-account.js';
import {
  AccountDeletionJobView,
  AccountDeletionResultView,
  CatalogueReindexView,
  ClientHistoryView,
  ClientPage,
  ClientView,
  LinkedBuyersView,
  RootDetailsView,
} from '../../../../application/organizations/clients/client-views.js';
import { accountDocument } from '../../../../application/organizations/clients/client-commands.js';
import { presentJob } from '../../../../application/jobs/jobs.js';
import type { JobQueue } from '../../../../application/jobs/job-queue.js';
import type { RebuildCoordinator } from '../../../../application/platform/rebuild-coordinator.js';
import type { Texts } from '../../../../application/ports/texts.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { listRoutes } from '../../list-route.js';
import { defineRoute, type Route } from '../../route.js';
import { actorOf } from '../platform/support-routes.js';
import { StringEnum, Text, Type, idParams } from '../schemas.js';

const tag = 'clients';
const Opt = Type.Optional;
const NText = (max: number) => Type.Union([Type.String({ maxLength: max }), Type.Null()]);
/** Bounded at twice the rule, so a text a little too long gets the rule's own message at its field. */
const NAME = 510;

const AddressPatch = Type.Object(
  { street: Opt(NText(250)), streetComplement: Opt(NText(250)), zipCode: Opt(NText(40)), city: Opt(NText(90)) },
  { additionalProperties: false },
);
const WhiteLabelPatch = Type.Object(
  {
    tagManagerId: Opt(NText(NAME)),
    axeptioId: Opt(NText(NAME)),
    externalWebsiteLink: Opt(Type.Union([Type.Object({ url: Opt(Text(4096)), text: Opt(Text(NAME)) }, { additionalProperties: false }), Type.Null()])),
    dropOffLocationsMapEnabled: Opt(Type.Boolean()),
    cookiesPolicy: Opt(NText(10_000)),
    accessibilityStatement: Opt(NText(10_000)),
  },
  { additionalProperties: false },
);
/** Every field of a client, optional (a merge-patch: null removes a nullable one). */
const clientFields = {
  commonName: Opt(Text(NAME, 0, { description: 'Required, 2 to 255 characters.' })),
  corporateName: Opt(NText(NAME)),
  siret: Opt(NText(40)),
  capitalInCents: Opt(Type.Union([Type.Integer({ minimum: -1, maximum: 100_000_000_000_000 }), Type.Null()])),
  status: Opt(StringEnum(ACCOUNT_STATUSES)),
  address: Opt(AddressPatch),
  country: Opt(Text(10, 0, { description: 'ISO 3166-1 alpha-2.' })),
  language: Opt(StringEnum(LOCALES)),
  currency: Opt(StringEnum(CURRENCIES)),
  modules: Opt(Type.Array(StringEnum(MODULE_TYPES), { maxItems: MODULE_TYPES.length })),
  webChannelUrl: Opt(NText(4096)),
  whiteLabel: Opt(Type.Union([WhiteLabelPatch, Type.Null()])),
  activeCircuits: Opt(Type.Array(StringEnum(CIRCUIT_TYPES), { maxItems: CIRCUIT_TYPES.length })),
  paymentModes: Opt(Type.Array(StringEnum(PAYMENT_TYPES), { maxItems: PAYMENT_TYPES.length })),
  transport: Opt(Type.Object({ shippingTypes: Opt(Type.Array(StringEnum(SHIPPING_TYPES), { maxItems: SHIPPING_TYPES.length })), carrierAccountNumber: Opt(NText(NAME)) }, { additionalProperties: false })),
  premiumFeatures: Opt(Type.Array(StringEnum(PREMIUM_FEATURES), { maxItems: PREMIUM_FEATURES.length })),
};

const RootDetailsPatch = Type.Object(
  {
    sellerSupportEmail: Opt(NText(NAME)),
    eula: Opt(NText(10_000)),
    serviceTerms: Opt(NText(10_000)),
    faqAndContact: Opt(NText(10_000)),
    isWarehouseCommentMandatory: Opt(Type.Boolean()),
    isWarehouseCommentSharedToClient: Opt(Type.Boolean()),
    buybackZeroDescription: Opt(NText(10_000)),
    noSearchResultDescription: Opt(NText(10_000)),
    enabledPremiumFeatures: Opt(Type.Array(StringEnum(PREMIUM_FEATURES), { maxItems: PREMIUM_FEATURES.length })),
    categoryNavigationEnabled: Opt(Type.Boolean()),
    customerIdentityDocumentRequired: Opt(Type.Boolean()),
    warehouseCheckinRequirement: Opt(StringEnum(['disabled', 'optional', 'mandatory'] as const)),
    barCodeEnabled: Opt(Type.Boolean()),
    tagPriceEnabled: Opt(Type.Boolean()),
    buyerPaymentEnabled: Opt(Type.Boolean()),
    cartMinValueInCents: Opt(Type.Integer({ minimum: 0, maximum: 100_000_000 })),
    packingInstructions: Opt(NText(10_000)),
    customerIdCollectionEnabled: Opt(Type.Boolean()),
    serviceTermsFileId: Opt(NText(100)),
    faqFileId: Opt(NText(100)),
    personalDataFileId: Opt(NText(100)),
    cookiesPolicyFileId: Opt(NText(100)),
    reason: Opt(NText(255)),
  },
  { additionalProperties: false },
);

/** The catalogue's read models a reindex rebuilds. */
export const CATALOGUE_PROJECTIONS = ['categories', 'products', 'diagnostic-questions', 'catalog-search'] as const;

export interface ClientRouteDeps {
  ports: DeletionPorts & ClientPorts & { jobs: Pick<JobQueue, 'submit' | 'get'> };
  /** Resolved when first asked (the platform part registers it). */
  coordinator: () => RebuildCoordinator;
  texts: Texts;
}

export function clientRoutes(deps: ClientRouteDeps): Route[] {
  const { ports } = deps;
  const onId = idParams('id');
  const translator = (locale: Locale) => (code: string, details: Record<string, unknown>) => deps.texts.text(locale, `errors.${code}`, details);
  const reindexView = (accountId: string) => {
    const latest = CATALOGUE_PROJECTIONS.flatMap((name) => deps.coordinator().list().filter((job) => job.projection === name).slice(0, 1));
    return { accountId, rebuilds: latest };
  };
  return [
    ...listRoutes({
      path: '/clients',
      tag,
      sorts: CLIENT_SORTS,
      filters: {
        name: Opt(Text(255)),
        status: Opt(StringEnum(ACCOUNT_STATUSES)),
        module: Opt(StringEnum(MODULE_TYPES)),
      },
      page: {
        operationId: 'listClients',
        summary: 'The clients (retailer accounts), by common name unless ordered otherwise; filters: name (a part of the common name), status, module enabled. Provider staff only',
        permission: 'client.list',
        schema: ClientPage,
        handler: (_context, query) => listClients(ports.documents, query),
      },
    }),
    defineRoute({
      method: 'post',
      path: '/clients',
      operationId: 'createClient',
      summary:
        'Opens a client: its account with its client fields (common name, country and at least one module required; SIRET Luhn-checked; the rest at their defaults: active, every circuit, payment type and shipping type allowed) and its root organization (root_management_unit), in one append. Each invalid field is named in CLIENT_INVALID’s details.fields',
      tag,
      access: { kind: 'authenticated', permission: createClient.permission as string },
      body: Type.Object(
        { ...clientFields, commonName: Text(NAME), country: Text(10), modules: Type.Array(StringEnum(MODULE_TYPES), { maxItems: MODULE_TYPES.length }), mainColor: Opt(Text(20)) },
        { additionalProperties: false },
      ),
      idempotent: true,
      response: { status: 201, description: 'Opened (its revision in ETag, its address in Location)', schema: CommandAnswer },
      otherResponses: { 422: 'A field breaks the rules (CLIENT_INVALID, details.fields)' },
      async handler(context) {
        const outcome = await createClient.run(ports, commandContext(context), context.body);
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/clients/${outcome.id}` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/clients/{id}',
      operationId: 'getClient',
      summary: 'One client with every field of its form (its ETag: the revision for If-Match)',
      tag,
      access: { kind: 'authenticated', permission: 'client.list' },
      params: onId,
      response: { status: 200, description: 'The client', schema: ClientView },
      otherResponses: { 404: 'No such account (ACCOUNT_NOT_FOUND)' },
      async handler({ params }) {
        const client = await getClient(ports.documents, params.id);
        return { body: client, headers: { ETag: etagOf(client.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/clients/{id}',
      operationId: 'updateClient',
      summary:
        'Changes a client by a JSON merge-patch (RFC 7396, sent as application/json): what the body names replaces, an object merges, null removes (a nullable field becomes null; whiteLabel null: none; the home page is PATCH /accounts/{id}/home-page). The root organization follows its names, SIRET, capital, address, country and status. If-Match: another change since answers 412. Each invalid field is named in CLIENT_INVALID’s details.fields',
      tag,
      access: { kind: 'authenticated', permission: changeClient.permission as string },
      params: onId,
      body: Type.Object({ ...clientFields, reason: Opt(NText(255)) }, { additionalProperties: false }),
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: { 404: 'No such account (ACCOUNT_NOT_FOUND)', 412: 'If-Match names another revision (PRECONDITION_FAILED)', 422: 'A field breaks the rules (CLIENT_INVALID)' },
      async handler(context) {
        const { reason, ...patch } = context.body;
        return commandResult(await changeClient.run(ports, commandContext(context), { accountId: context.params.id, patch, reason: reason ?? null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/clients/{id}/history',
      operationId: 'getClientHistory',
      summary: 'Every change of a client, oldest first (its opening, details, root details, deletion): who, when, which fields, why',
      tag,
      access: { kind: 'authenticated', permission: 'client.list' },
      params: onId,
      response: { status: 200, description: 'The history', schema: ClientHistoryView },
      async handler({ params }) {
        return { body: { items: await clientHistory(ports.eventStore, ports.documents, params.id) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/{id}/organization-root-detail',
      operationId: 'getOrganizationRootDetail',
      summary: 'The organization root details of an account (specification 002 §3; their id is the account’s). Provider staff: any account; a retailer’s root users: their own (another’s: 404)',
      tag,
      access: { kind: 'authenticated', permission: 'root_details.read' },
      params: onId,
      response: { status: 200, description: 'The root details', schema: RootDetailsView },
      async handler({ principal, params }) {
        const details = await getRootDetails(ports.documents, principal, params.id);
        return { body: details, headers: { ETag: etagOf(details.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/organization-root-details/{id}',
      operationId: 'updateOrganizationRootDetail',
      summary:
        'Changes the organization root details by a JSON merge-patch (sent as application/json), e.g. enabledPremiumFeatures or the settings. Provider staff: any account; a retailer’s root manager: their own (another’s: 404), but not its premium features nor the buyer payment (PREMIUM_FEATURES_PROVIDER_ONLY, 403). Invalid fields: ROOT_DETAILS_INVALID, details.fields',
      tag,
      access: { kind: 'authenticated', permission: changeRootDetails.permission as string },
      params: onId,
      body: RootDetailsPatch,
      conditional: true,
      response: { status: 200, description: 'Saved', schema: CommandAnswer },
      otherResponses: {
        403: 'A retailer’s user changing its premium features or buyer payment (PREMIUM_FEATURES_PROVIDER_ONLY)',
        404: 'No such account, or another’s (ACCOUNT_NOT_FOUND)',
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'A field breaks the rules (ROOT_DETAILS_INVALID)',
      },
      async handler(context) {
        const { reason, ...patch } = context.body;
        return commandResult(await changeRootDetails.run(ports, commandContext(context), { accountId: context.params.id, patch, reason: reason ?? null }));
      },
    }),
    defineRoute({
      method: 'delete',
      path: '/accounts/{id}',
      operationId: 'deleteAccount',
      summary:
        'Deletes an account: refused while active (422 ACCOUNT_STILL_ACTIVE), while its organizations work with another account’s buyers (422 ACCOUNT_HAS_LINKED_BUYERS) or another account’s organizations with its buyers (422 ACCOUNT_HAS_LINKED_RETAILERS); unknown: 404 ACCOUNT_NOT_FOUND (details.reason: the specification’s still_active, has_linked_buyers, has_linked_retailers, account_not_found). Then every customer of it is forgotten (their personal data can never be read again) and its users deactivated: within the request for a small account (200), else in a job (202, Location: the job)',
      tag,
      access: { kind: 'authenticated', permission: deleteAccount.permission as string },
      params: onId,
      response: { status: 200, description: 'Deleted, its customers forgotten', schema: AccountDeletionResultView },
      otherResponses: {
        202: { description: 'Deleted; its customers are being forgotten in a job (GET /account-deletions/{id})', schema: AccountDeletionJobView },
        404: 'No such account (ACCOUNT_NOT_FOUND)',
        422: 'Still active, or linked (ACCOUNT_STILL_ACTIVE, ACCOUNT_HAS_LINKED_BUYERS, ACCOUNT_HAS_LINKED_RETAILERS)',
      },
      async handler(context) {
        const outcome = await deleteAccount.run(ports, commandContext(context), { accountId: context.params.id, reason: null });
        if (outcome.kind === 'done') return { body: outcome.result, position: outcome.position };
        const body = presentJob(outcome.job, translator(context.locale));
        return { status: 202, headers: { Location: `/api/account-deletions/${outcome.job._id}` }, body: body as unknown as AccountDeletionResultView };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/account-deletions/{id}',
      operationId: 'getAccountDeletionJob',
      summary: 'A large account’s deletion in the background: queued, running (progress in percent), done (how many customers were forgotten, users deactivated) or failed',
      tag,
      access: { kind: 'authenticated', permission: 'client.delete' },
      params: onId,
      response: { status: 200, description: 'The job', schema: AccountDeletionJobView },
      async handler({ params, locale }) {
        const job = await ports.jobs.get(params.id);
        if (!job || job.kind !== ACCOUNT_DELETION_JOB_KIND) throw new ApplicationError('JOB_NOT_FOUND', { jobId: params.id });
        return { body: presentJob(job as never, translator(locale)) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/account/{accountId}/linked-buyers',
      operationId: 'getLinkedBuyers',
      summary:
        'The buyer organizations an account works with: its own and those its stores and warehouses name as their buyer, each said external when another account’s (such a link stops the deletion: has_linked_buyers); and how many organizations of other accounts work with its buyers (has_linked_retailers)',
      tag,
      access: { kind: 'authenticated', permission: 'client.list' },
      params: idParams('accountId'),
      response: { status: 200, description: 'The linked buyers', schema: LinkedBuyersView },
      async handler({ principal, params }) {
        return { body: await linkedBuyers(ports.documents, principal, params.accountId) };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/clients/{id}/catalogue-reindex',
      operationId: 'reindexClientCatalogue',
      summary: `Rebuilds the catalogue’s read models (${CATALOGUE_PROJECTIONS.join(', ')}: the search’s and the storefront’s), blue-green, one after the other; those already queued or running are left to finish. Answers at once with their progress (also at GET of this path)`,
      tag,
      access: { kind: 'authenticated', permission: 'client.manage' },
      params: onId,
      response: { status: 202, description: 'Queued', schema: CatalogueReindexView },
      async handler({ params, user }) {
        await accountDocument(ports.documents, params.id);
        const coordinator = deps.coordinator();
        const busy = new Set(coordinator.list().filter((job) => job.status === 'queued' || job.status === 'running').map((job) => job.projection));
        const wanted = CATALOGUE_PROJECTIONS.filter((name) => !busy.has(name));
        if (wanted.length > 0) coordinator.request(wanted, actorOf(user));
        return { status: 202, body: reindexView(params.id) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/clients/{id}/catalogue-reindex',
      operationId: 'getClientCatalogueReindex',
      summary: 'The catalogue reindex’s progress: the latest rebuild of each catalogue read model (none when never asked)',
      tag,
      access: { kind: 'authenticated', permission: 'client.manage' },
      params: onId,
      response: { status: 200, description: 'The rebuilds', schema: CatalogueReindexView },
      async handler({ params }) {
        await accountDocument(ports.documents, params.id);
        return { body: reindexView(params.id) };
      },
    }),
  ];
}
