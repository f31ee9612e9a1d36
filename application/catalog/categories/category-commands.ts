/**
 * The categories' commands: POST /categories, PATCH /categories/{id} (a
 * merge-patch), archive, delete, link and unlink a circuit. Each is decided by
 * the category aggregate on the facts read here, and a new or changed
 * identifier is appended with its reservation (and the old one's release) in
 * one atomic append, every stream at the revision read: of two categories
 * racing for one identifier exactly one is written, the other refused
 * CATEGORY_IDENTIFIER_TAKEN. A category naming circuits (created with them,
 * linking one) or leaving them (unlinking, archived, deleted) is appended
 * with its account's circuit guard, so a circuit's deactivation and a
 * category naming it never both win (CATEGORY_CIRCUIT_INACTIVE or
 * CIRCUIT_USED_BY_CATEGORIES for the other).
 */
import type { CategoryFields } from '../../../domain/catalog/category/category-events.js';
import { categoryDecider, type CategoryCommand, type CategoryState } from '../../../domain/catalog/category/decide.js';
import { categoryIdentifierDecider, categoryIdentifierKey } from '../../../domain/catalog/category/identifier.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { handleTogether, onStream, type StreamDecision } from '../../commands/handle-together.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { isPlatformStaff } from '../../organizations/principal.js';
import { CATALOG_STREAMS } from '../streams.js';
import { CATEGORY_STREAMS } from './streams.js';
import { knownCircuits, onCircuitGuard } from '../circuits/circuit-commands.js';
import { accountOf, buyerFound, circuitFound, identifierHolder, parentFacts, remainsOf, visibleCategory, type CategoryPorts } from './category-lookup.js';

export type CategoryStatus = CategoryState['status'];
export type CategoryOutcome = CommandOutcome<CategoryStatus>;

export interface CreateCategoryInput {
  fields: CategoryFields;
  circuitIds: string[];
}

const keyOf = (identifier: string | null | undefined) => (identifier?.trim() ? identifier.trim().toLowerCase() : null);

/** A new category of the caller's catalogue; with an Idempotency-Key its id derives from it (a retry answers the same category). */
export const createCategory = defineCommand<CategoryPorts, CreateCategoryInput, CategoryOutcome>({
  name: 'CreateCategory',
  permission: 'category.manage',
  async run(deps, context, { fields, circuitIds }) {
    const accountId = accountOf(context.principal);
    const categoryId = context.idempotency ? idFromIdempotencyKey(context.idempotency.key) : deps.ids.uuid();
    const [parent, buyer] = await Promise.all([parentFacts(deps.documents, accountId, fields.parentId), buyerFound(deps.documents, accountId, fields.buyerId ?? '')]);
    const command: CategoryCommand = {
      type: 'CreateCategory',
      data: { categoryId, fields, circuitIds, facts: { byProviderStaff: isPlatformStaff(context.principal), parent, buyerFound: buyer } },
    };
    const decisions = [onStream(CATALOG_STREAMS.category.name(categoryId), categoryDecider, command)];
    const identifier = keyOf(fields.identifier);
    if (identifier) decisions.push(await reservation(deps, accountId, identifier, categoryId));
    if (circuitIds.length > 0) decisions.push(await uses(deps, accountId, categoryId, circuitIds));
    return decide(deps, context, accountId, categoryId, decisions);
  },
});

/** Changes what the merge-patch names (what it leaves out stays; null empties an optional field). */
export const changeCategory = defineCommand<CategoryPorts, { categoryId: string; changes: Partial<CategoryFields> }, CategoryOutcome>({
  name: 'ChangeCategory',
  permission: 'category.manage',
  async run(deps, context, { categoryId, changes }) {
    const current = await visibleCategory(deps.documents, context.principal, categoryId);
    const accountId = current.accountId;
    const parentNamed = changes.parentId !== undefined && changes.parentId !== current.parentId;
    const buyerNamed = changes.buyerId !== undefined && changes.buyerId !== current.buyerId;
    const facts = {
      byProviderStaff: isPlatformStaff(context.principal),
      ...(parentNamed ? { parent: await parentFacts(deps.documents, accountId, changes.parentId ?? null) } : {}),
      ...(buyerNamed ? { buyerFound: await buyerFound(deps.documents, accountId, changes.buyerId ?? '') } : {}),
    };
    const decisions = [onStream(CATALOG_STREAMS.category.name(categoryId), categoryDecider, { type: 'ChangeCategory', data: { categoryId, changes, facts } })];
    const next = keyOf(changes.identifier);
    if (changes.identifier !== undefined && next !== keyOf(current.identifier)) {
      if (next) decisions.push(await reservation(deps, accountId, next, categoryId));
      decisions.push(release(accountId, current.identifier, categoryId));
    }
    return decide(deps, context, accountId, categoryId, decisions);
  },
});

export const archiveCategory = defineCommand<CategoryPorts, { categoryId: string; reason: string | null }, CategoryOutcome>({
  name: 'ArchiveCategory',
  permission: 'category.manage',
  async run(deps, context, { categoryId, reason }) {
    const current = await visibleCategory(deps.documents, context.principal, categoryId);
    const command: CategoryCommand = { type: 'ArchiveCategory', data: { categoryId, reason } };
    // An archived category no longer keeps its circuits active.
    return decide(deps, context, current.accountId, categoryId, [
      onStream(CATALOG_STREAMS.category.name(categoryId), categoryDecider, command),
      ...releases(current.accountId, categoryId, current.circuitIds),
    ]);
  },
});

/** Deletes a category none of whose products, questions and child categories remain; its identifier is freed. */
export const deleteCategory = defineCommand<CategoryPorts, { categoryId: string }, CategoryOutcome>({
  name: 'DeleteCategory',
  permission: 'category.manage',
  async run(deps, context, { categoryId }) {
    const current = await visibleCategory(deps.documents, context.principal, categoryId);
    const remains = await remainsOf(deps.documents, current);
    const command: CategoryCommand = { type: 'DeleteCategory', data: { categoryId, remains } };
    return decide(deps, context, current.accountId, categoryId, [
      onStream(CATALOG_STREAMS.category.name(categoryId), categoryDecider, command),
      release(current.accountId, current.identifier, categoryId),
      ...releases(current.accountId, categoryId, current.circuitIds),
    ]);
  },
});

export const linkCategoryCircuit = defineCommand<CategoryPorts, { categoryId: string; circuitId: string }, CategoryOutcome>({
  name: 'LinkCategoryCircuit',
  permission: 'category.manage',
  async run(deps, context, { categoryId, circuitId }) {
    const current = await visibleCategory(deps.documents, context.principal, categoryId);
    const found = await circuitFound(deps.documents, current.accountId, circuitId);
    const command: CategoryCommand = { type: 'LinkCategoryCircuit', data: { categoryId, circuitId, circuitFound: found } };
    return decide(deps, context, current.accountId, categoryId, [
      onStream(CATALOG_STREAMS.category.name(categoryId), categoryDecider, command),
      await uses(deps, current.accountId, categoryId, [circuitId]),
    ]);
  },
});

export const unlinkCategoryCircuit = defineCommand<CategoryPorts, { categoryId: string; circuitId: string }, CategoryOutcome>({
  name: 'UnlinkCategoryCircuit',
  permission: 'category.manage',
  async run(deps, context, { categoryId, circuitId }) {
    const current = await visibleCategory(deps.documents, context.principal, categoryId);
    const command: CategoryCommand = { type: 'UnlinkCategoryCircuit', data: { categoryId, circuitId } };
    return decide(deps, context, current.accountId, categoryId, [
      onStream(CATALOG_STREAMS.category.name(categoryId), categoryDecider, command),
      ...releases(current.accountId, categoryId, [circuitId]),
    ]);
  },
});

/** The category names these circuits: each must be active, decided by the account's circuit guard. */
async function uses(deps: CategoryPorts, accountId: string, categoryId: string, circuitIds: string[]): Promise<StreamDecision> {
  const known = await knownCircuits(deps.documents, accountId);
  return onCircuitGuard(accountId, { type: 'RecordCircuitUses', data: { accountId, categoryId, circuitIds, known } });
}

/** The category no longer names these circuits (none: no decision). */
function releases(accountId: string, categoryId: string, circuitIds: readonly string[]): StreamDecision[] {
  return circuitIds.length === 0 ? [] : [onCircuitGuard(accountId, { type: 'ReleaseCircuitUses', data: { accountId, categoryId, circuitIds } })];
}

async function reservation(deps: CategoryPorts, accountId: string, identifier: string, categoryId: string): Promise<StreamDecision> {
  const heldElsewhere = await identifierHolder(deps.documents, accountId, identifier, categoryId);
  return onStream(CATEGORY_STREAMS.identifier.name(categoryIdentifierKey(accountId, identifier)), categoryIdentifierDecider, {
    type: 'ReserveCategoryIdentifier',
    data: { accountId, identifier, categoryId, heldElsewhere },
  });
}

function release(accountId: string, identifier: string, categoryId: string): StreamDecision {
  return onStream(CATEGORY_STREAMS.identifier.name(categoryIdentifierKey(accountId, identifier)), categoryIdentifierDecider, {
    type: 'ReleaseCategoryIdentifier',
    data: { accountId, identifier: identifier.trim().toLowerCase(), categoryId },
  });
}

async function decide(deps: CategoryPorts, context: CommandContext, accountId: string, categoryId: string, decisions: StreamDecision[]): Promise<CategoryOutcome> {
  const results = await handleTogether(deps.eventStore, decisions, {
    metadata: commandMetadata(deps, context, accountId, context.principal.organizationId),
    newEventId: () => deps.ids.uuid(),
    ...(context.expectedRevision === undefined ? {} : { expectedRevision: context.expectedRevision }),
  });
  const [category] = results;
  const state = category?.state as CategoryState | undefined;
  const positions = results.map((r) => r.position).filter((p): p is number => p !== null);
  return {
    id: categoryId,
    status: state?.status ?? 'active',
    revision: category?.revision ?? -1,
    position: positions.length ? Math.max(...positions) : null,
  };
}
