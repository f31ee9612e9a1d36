import type { Principal } from '../../organizations/principal.js';
import { userNames } from '../../organizations/user-names.js';
import { ApplicationError } from '../../commands/errors.js';
import { allowedStepActions } from '../../../domain/refurbishment/item-refurb-step/allowed-actions.js';
import { stepsLeft } from '../../../domain/refurbishment/item-refurb-step/confirmation.js';
import type { Locale } from '../../../domain/organizations/events.js';
import { visibleItem } from '../../warehouse/commands/item-command.js';
import { itemByCode } from '../../warehouse/queries/item-lookup.js';
import { WAREHOUSE_COLLECTIONS, type ItemDocument, type StockDocument } from '../../warehouse/read-models.js';
import type { WarehousePorts } from '../../warehouse/warehouse-ports.js';
import { requireRefurbishment } from '../refurb-premium.js';
import { ITEM_REFURB_STEP_COLLECTIONS, type ItemRefurbStepDocument } from './read-model.js';
import type { ItemRefurbStepsView, ItemRefurbStepView } from './item-refurb-steps-views.js';
import { MAX_STEPS_PER_ITEM } from './complete-refurbishment.js';

export type StepQueryPorts = Pick<WarehousePorts, 'documents' | 'texts'>;

/** The item statuses whose steps can be worked or read: the refurbishment planned, in progress or confirmed. */
const WITH_STEPS = ['item_refurb_in_progress', 'item_refurb_completed'];

/** One item's steps in their order, with what may be done on each and whether the refurbishment may be confirmed. */
export async function itemRefurbSteps(deps: StepQueryPorts, principal: Principal, locale: Locale, itemId: string): Promise<ItemRefurbStepsView> {
  if (principal.accountId !== null) await requireRefurbishment(deps.documents, principal.accountId);
  const item = await visibleItem(deps, principal, itemId);
  if (principal.accountId === null) await requireRefurbishment(deps.documents, item.accountId);
  const documents = await deps.documents
    .collection<ItemRefurbStepDocument>(ITEM_REFURB_STEP_COLLECTIONS.steps)
    .find({ itemId: item._id, accountId: item.accountId }, { sort: [['sequence', 1]], limit: MAX_STEPS_PER_ITEM });
  const steps = await viewsOf(deps, locale, documents);
  const left = stepsLeft(documents.map((d) => ({ itemRefurbStepId: d._id, name: d.name, sequence: d.sequence, status: d.status })));
  return {
    item: itemSummary(item),
    steps,
    stepsLeft: left.map((s) => ({ id: s.itemRefurbStepId, name: s.name, sequence: s.sequence, status: s.status })),
    confirmable: left.length === 0 && item.status === 'item_refurb_in_progress',
  };
}

/** One step, its item as its detail page shows it. */
export async function itemRefurbStep(deps: StepQueryPorts, principal: Principal, locale: Locale, itemRefurbStepId: string): Promise<ItemRefurbStepView & { item: ItemRefurbStepsView['item'] }> {
  if (principal.accountId !== null) await requireRefurbishment(deps.documents, principal.accountId);
  const document = await deps.documents.collection<ItemRefurbStepDocument>(ITEM_REFURB_STEP_COLLECTIONS.steps).get(itemRefurbStepId);
  if (!document) throw new ApplicationError('ITEM_REFURB_STEP_NOT_FOUND', { itemRefurbStepId });
  const item = await visibleItem(deps, principal, document.itemId).catch((error: unknown) => {
    if (error instanceof ApplicationError && error.code === 'ITEM_NOT_FOUND') throw new ApplicationError('ITEM_REFURB_STEP_NOT_FOUND', { itemRefurbStepId });
    throw error;
  });
  if (principal.accountId === null) await requireRefurbishment(deps.documents, item.accountId);
  const [view] = await viewsOf(deps, locale, [document]);
  return { ...(view as ItemRefurbStepView), item: itemSummary(item) };
}

/** The item a scanned code names, when its refurbishment has steps (several items of one code: ITEM_CODE_AMBIGUOUS with the candidates). */
export async function itemWithStepsByCode(deps: StepQueryPorts, principal: Principal, code: string): Promise<ItemRefurbStepsView['item']> {
  if (principal.accountId !== null) await requireRefurbishment(deps.documents, principal.accountId);
  const item = await itemByCode(deps.documents, principal, code);
  if (principal.accountId === null) await requireRefurbishment(deps.documents, item.accountId);
  if (!WITH_STEPS.includes(item.status)) throw new ApplicationError('REFURB_STEPS_ITEM_NOT_IN_REFURB', { status: item.status, identificationNumber: item.identificationNumber });
  return itemSummary(item);
}

function itemSummary(item: ItemDocument): ItemRefurbStepsView['item'] {
  return {
    id: item._id,
    identificationNumber: item.identificationNumber,
    shortCode: item.shortCode,
    status: item.status,
    productLabel: item.product.label,
    revision: typeof item.revision === 'number' ? item.revision : -1,
  };
}

async function viewsOf(deps: StepQueryPorts, locale: Locale, documents: readonly ItemRefurbStepDocument[]): Promise<ItemRefurbStepView[]> {
  const stockIds = [...new Set(documents.map((d) => d.stockId))];
  const [names, stocks] = await Promise.all([
    userNames(deps.documents, documents.flatMap((d) => d.actions.map((a) => a.userId))),
    stockIds.length === 0 ? [] : deps.documents.collection<StockDocument>(WAREHOUSE_COLLECTIONS.stocks).getMany(stockIds),
  ]);
  const stockName = (id: string) => {
    const stock = stocks.find((s) => s._id === id);
    if (!stock) return null;
    return stock.kind ? deps.texts.text(locale, `stocks.native.${stock.kind}`) : stock.name;
  };
  return documents.map((d) => ({
    id: d._id,
    itemId: d.itemId,
    sequence: d.sequence,
    name: d.name,
    description: d.description,
    stock: { id: d.stockId, name: stockName(d.stockId) },
    cost: d.cost,
    status: d.status,
    allowedActions: allowedStepActions(d.status),
    plannedAt: d.plannedAt,
    startedAt: d.startedAt,
    validatedAt: d.validatedAt,
    validationComment: d.validationComment,
    cancelledAt: d.cancelledAt,
    cancellationComment: d.cancellationComment,
    timeSpentMs: d.timeSpentMs,
    runningSince: d.runningSince,
    actions: d.actions.map((a) => ({ action: a.action, at: a.at, by: a.userId === null ? null : { userId: a.userId, name: names.get(a.userId) ?? null }, comment: a.comment })),
    revision: d.revision,
  }));
}
