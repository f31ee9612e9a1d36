/**
 * The payment modes a retailer configures (GET|POST /payment-modes,
 * GET|PATCH /payment-modes/{id}): their commands, on the catalogue's
 * `payment_mode` streams (the buyback path reads them there), and their
 * queries, always within the caller's tenant (another tenant's mode is not
 * found). Provider staff act for the account they name.
 */
import {
  PAYMENT_BONUS_FEATURE,
  paymentModeDecider,
  type PaymentModeCommand,
  type PaymentModeConfiguration,
  type PaymentModeStatus,
} from '../../domain/payments/payment-mode.js';
import type { PaymentType } from '../../domain/payments/state.js';
import { paymentModifierOf } from '../../domain/payments/modifier.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { DocumentStore, Filter } from '../ports/document-store.js';
import type { EventStore } from '../ports/event-store.js';
import { handleCommand } from '../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../commands/command-slice.js';
import { ApplicationError } from '../commands/errors.js';
import { idFromIdempotencyKey } from '../commands/idempotency.js';
import { commandMetadata } from '../buybacks/commands/buyback-command.js';
import { tenantFilter, type Principal } from '../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../organizations/read-models.js';
import { CATALOG_COLLECTIONS, type PaymentModeDocument } from '../catalog/read-models.js';
import { CATALOG_STREAMS } from '../catalog/streams.js';
import { escapeRegex } from '../catalog/catalog-service.js';
import { findPage, type PageRequest, type SortColumns } from '../lists/paged-query.js';
import type { ListPage } from '../views/schema.js';
import type { PaymentModeDetailView } from './payment-mode-views.js';

/** What the payment-mode commands and queries work with. */
export interface PaymentModePorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

export const PAYMENT_MODE_SORTS: SortColumns = {
  label: { path: 'label' },
  paymentType: { path: 'paymentType' },
  status: { path: 'status' },
  updatedAt: { path: 'updatedAt' },
};

export interface PaymentModeFilters {
  label?: string;
  status?: PaymentModeStatus;
  paymentType?: PaymentType;
}

type PaymentModeOutcome = CommandOutcome<PaymentModeStatus>;

/** A new payment mode of the caller's retailer; with an Idempotency-Key its id derives from it (a retry answers the same mode). */
export const createPaymentMode = defineCommand<PaymentModePorts, PaymentModeConfiguration, PaymentModeOutcome>({
  name: 'CreatePaymentMode',
  permission: 'payment_mode.manage',
  async run(deps, context, configuration) {
    const account = await accountOf(deps.documents, context.principal);
    const paymentModeId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const command = { type: 'CreatePaymentMode', data: { paymentModeId, configuration, bonusAllowed: bonusAllowed(account) } } as const;
    return onPaymentMode(deps, context, account._id, paymentModeId, command);
  },
});

/** Changes what the body names of a payment mode (a PATCH: what it leaves out stays as it was). */
export const updatePaymentMode = defineCommand<PaymentModePorts, Partial<PaymentModeConfiguration> & { paymentModeId: string }, PaymentModeOutcome>({
  name: 'UpdatePaymentMode',
  permission: 'payment_mode.manage',
  async run(deps, context, { paymentModeId, ...changes }) {
    const mode = await visiblePaymentMode(deps.documents, context.principal, paymentModeId);
    const account = await deps.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(mode.accountId);
    const command = { type: 'UpdatePaymentMode', data: { paymentModeId, changes, bonusAllowed: account ? bonusAllowed(account) : false } } as const;
    return onPaymentMode(deps, context, mode.accountId, paymentModeId, command);
  },
});

async function onPaymentMode(
  deps: PaymentModePorts,
  context: CommandContext,
  accountId: string,
  paymentModeId: string,
  command: PaymentModeCommand,
): Promise<PaymentModeOutcome> {
  const result = await handleCommand(deps.eventStore, CATALOG_STREAMS.paymentMode.name(paymentModeId), paymentModeDecider, command, {
    metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  return { id: paymentModeId, status: result.state?.status ?? 'enabled', revision: result.revision, position: result.position };
}

function bonusAllowed(account: AccountDocument): boolean {
  return account.settings.enabledPremiumFeatures.includes(PAYMENT_BONUS_FEATURE);
}

/** The caller's retailer (provider staff: the one they act for, else ACCOUNT_REQUIRED). */
async function accountOf(documents: DocumentStore, principal: Principal): Promise<AccountDocument> {
  if (principal.accountId === null) throw new ApplicationError('ACCOUNT_REQUIRED');
  const account = await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(principal.accountId);
  if (!account) throw new ApplicationError('ACCOUNT_REQUIRED');
  return account;
}

/** A payment mode of the caller's tenant, or PAYMENT_MODE_NOT_FOUND (never another tenant's). */
export async function visiblePaymentMode(documents: DocumentStore, principal: Principal, paymentModeId: string): Promise<PaymentModeDocument> {
  const [mode] = await documents
    .collection<PaymentModeDocument>(CATALOG_COLLECTIONS.paymentModes)
    .find({ $and: [tenantFilter(principal), { _id: paymentModeId }] }, { limit: 1 });
  if (!mode) throw new ApplicationError('PAYMENT_MODE_NOT_FOUND', { paymentModeId });
  return mode;
}

/** The caller's payment modes, one page, by label unless asked otherwise. */
export async function listPaymentModes(documents: DocumentStore, principal: Principal, query: PageRequest & PaymentModeFilters): Promise<ListPage<PaymentModeDetailView>> {
  const filters: Filter[] = [tenantFilter(principal)];
  if (query.status) filters.push({ status: query.status });
  if (query.paymentType) filters.push({ paymentType: query.paymentType });
  if (query.label?.trim()) filters.push({ label: { $regex: escapeRegex(query.label.trim()) } });
  const page = await findPage(documents.collection<PaymentModeDocument>(CATALOG_COLLECTIONS.paymentModes), { $and: filters }, query, [['label', 1]]);
  const features = await bonusByAccount(documents, page.items.map((mode) => mode.accountId));
  return { ...page, items: page.items.map((mode) => presentPaymentMode(mode, features.get(mode.accountId) ?? false)) };
}

export async function paymentMode(documents: DocumentStore, principal: Principal, paymentModeId: string): Promise<PaymentModeDetailView> {
  const mode = await visiblePaymentMode(documents, principal, paymentModeId);
  const features = await bonusByAccount(documents, [mode.accountId]);
  return presentPaymentMode(mode, features.get(mode.accountId) ?? false);
}

async function bonusByAccount(documents: DocumentStore, accountIds: readonly string[]): Promise<Map<string, boolean>> {
  const ids = [...new Set(accountIds)];
  const accounts = ids.length ? await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).find({ _id: { $in: ids } }) : [];
  return new Map(accounts.map((account) => [account._id, bonusAllowed(account)]));
}

export function presentPaymentMode(mode: PaymentModeDocument, bonusAvailable: boolean): PaymentModeDetailView {
  return {
    id: mode._id,
    accountId: mode.accountId,
    paymentType: mode.paymentType,
    label: mode.label,
    description: mode.description,
    longDescription: mode.longDescription,
    mailContent: mode.mailContent,
    provider: mode.provider,
    modifier: paymentModifierOf(mode.modifier),
    status: mode.status,
    translations: mode.translations ?? null,
    bonusAvailable,
    createdAt: mode.createdAt,
    updatedAt: mode.updatedAt,
    revision: mode.revision,
  };
}
