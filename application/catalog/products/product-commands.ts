/**
 * A product's commands (POST /products, PATCH /products/{id}, publish and
 * unpublish), which the catalogue import calls too: `createProduct` and
 * `changeProduct` decide on the product's stream (domain/catalog/product/)
 * with the categories found in its account, and append what changed. The
 * caller checks the permission (`product.manage`, `catalog.import`).
 */
import { productDecider, type ProductCommand, type ProductStatus } from '../../../domain/catalog/product/decide.js';
import type { ProductChanges, ProductFields } from '../../../domain/catalog/product/product-events.js';
import type { Currency } from '../../../domain/shared/money.js';
import { commandMetadata } from '../../buybacks/commands/buyback-command.js';
import { handleCommand } from '../../commands/command-handler.js';
import { defineCommand, type CommandContext, type CommandOutcome } from '../../commands/command-slice.js';
import { ApplicationError } from '../../commands/errors.js';
import { idFromIdempotencyKey } from '../../commands/idempotency.js';
import type { Clock, IdGenerator } from '../../ports/clock.js';
import type { DocumentStore } from '../../ports/document-store.js';
import type { EventStore } from '../../ports/event-store.js';
import { isPlatformStaff, type Principal } from '../../organizations/principal.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../organizations/read-models.js';
import { CATALOG_COLLECTIONS, type CategoryDocument, type ProductDocument } from '../read-models.js';
import { CATALOG_STREAMS } from '../streams.js';

export interface ProductPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  clock: Clock;
  ids: IdGenerator;
}

/** Who creates or changes a product: a request's context, or the import's own actor. */
export type ProductActor = Pick<CommandContext, 'principal' | 'correlationId'> & Partial<Pick<CommandContext, 'idempotency' | 'expectedRevision'>>;

/** Prices in cents per state (functional, grade_a … grade_e), 0 to 5,000,000; null: not bought back in that state. */
export type PriceInput = Partial<Record<string, number | null>>;

export type CreateProductInput = Partial<ProductFields> &
  Pick<ProductFields, 'label' | 'brand' | 'categoryId'> & {
    prices?: PriceInput;
    /** Draft unless said otherwise. */
    status?: ProductStatus;
    /** Provider staff name the retailer; anyone else creates in their own. */
    accountId?: string | null;
    /** A chosen id (an import's line); else one derived from the Idempotency-Key, else a new one. */
    productId?: string;
  };

/** What a merge-patch names: fields (null empties an optional one), prices per state, the status. */
export type ProductChangeInput = ProductChanges & { prices?: PriceInput; status?: ProductStatus };

export type ProductOutcome = CommandOutcome<ProductStatus>;

const DEFAULT_FIELDS: Omit<ProductFields, 'label' | 'brand' | 'categoryId'> = {
  model: '',
  reference: null,
  buyerReference: null,
  ean: null,
  tacCodes: [],
  secondaryCategoryIds: [],
  comment: null,
  simple: false,
  isCollectingImei: false,
  buybackZeroNotAllowed: false,
  heightCm: null,
  lengthCm: null,
  widthCm: null,
  weightGrams: null,
  nominalHeightCm: null,
  nominalLengthCm: null,
  nominalWidthCm: null,
  nominalWeightGrams: null,
  imageUrl: null,
  imageHdUrl: null,
  translations: null,
};

export async function createProduct(deps: ProductPorts, input: CreateProductInput, actor: ProductActor): Promise<ProductOutcome> {
  const account = await accountOf(deps.documents, actor.principal, input.accountId ?? null);
  const productId = input.productId ?? (actor.idempotency ? idFromIdempotencyKey(actor.idempotency.key) : deps.ids.uuid());
  const { prices, status, accountId: _account, productId: _id, ...given } = input;
  const fields: ProductFields = { ...DEFAULT_FIELDS, ...definedOnly(given) } as ProductFields;
  const facts = { knownCategoryIds: await knownCategories(deps.documents, account._id, [fields.categoryId, ...(fields.secondaryCategoryIds ?? [])]) };
  const currency: Currency = 'EUR';
  const command: ProductCommand = { type: 'CreateProduct', data: { productId, fields, prices: prices ?? {}, status: status ?? 'draft', currency, facts } };
  return onProduct(deps, actor, account._id, productId, command);
}

export async function changeProduct(deps: ProductPorts, productId: string, changes: ProductChangeInput, actor: ProductActor): Promise<ProductOutcome> {
  const product = await visibleProduct(deps.documents, actor.principal, productId);
  const { prices, status, ...fields } = changes;
  const named = [fields.categoryId, ...(fields.secondaryCategoryIds ?? [])].filter((id): id is string => typeof id === 'string');
  const facts = { knownCategoryIds: await knownCategories(deps.documents, product.accountId, named) };
  const command: ProductCommand = {
    type: 'ChangeProduct',
    data: { productId, changes: fields, ...(prices ? { prices } : {}), ...(status ? { status } : {}), facts },
  };
  return onProduct(deps, actor, product.accountId, productId, command);
}

async function onProduct(deps: ProductPorts, actor: ProductActor, accountId: string, productId: string, command: ProductCommand): Promise<ProductOutcome> {
  const result = await handleCommand(deps.eventStore, CATALOG_STREAMS.product.name(productId), productDecider, command, {
    metadata: commandMetadata(deps, actor, accountId, actor.principal.organizationId),
    ...(actor.expectedRevision === undefined ? {} : { expectedRevision: actor.expectedRevision }),
    newEventId: () => deps.ids.uuid(),
  });
  return { id: productId, status: result.state?.product?.status ?? 'draft', revision: result.revision, position: result.position };
}

/** The ids among `ids` that are categories of the account. */
async function knownCategories(documents: DocumentStore, accountId: string, ids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(ids.filter((id) => typeof id === 'string' && id !== ''))].slice(0, 100);
  if (wanted.length === 0) return [];
  const found = await documents
    .collection<CategoryDocument>(CATALOG_COLLECTIONS.categories)
    .find({ accountId, _id: { $in: wanted } }, { limit: wanted.length });
  return found.map((category) => category._id);
}

/** The caller's retailer, or the one provider staff name (ACCOUNT_REQUIRED without one, ACCOUNT_NOT_FOUND for an unknown one). */
async function accountOf(documents: DocumentStore, principal: Principal, named: string | null): Promise<AccountDocument> {
  const own = principal.accountId;
  if (own !== null && named && named !== own) throw new ApplicationError('ACCOUNT_NOT_ALLOWED', { accountId: named });
  const accountId = own ?? (isPlatformStaff(principal) ? named : null);
  if (!accountId) throw new ApplicationError('ACCOUNT_REQUIRED');
  const account = await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  if (!account) throw new ApplicationError(own ? 'ACCOUNT_REQUIRED' : 'ACCOUNT_NOT_FOUND', { accountId });
  return account;
}

/** A product of the caller's tenant, or PRODUCT_NOT_FOUND (never another tenant's). */
export async function visibleProduct(documents: DocumentStore, principal: Principal, productId: string): Promise<ProductDocument> {
  const product = await documents.collection<ProductDocument>(CATALOG_COLLECTIONS.products).get(productId);
  if (!product || !(isPlatformStaff(principal) || product.accountId === principal.accountId)) {
    throw new ApplicationError('PRODUCT_NOT_FOUND', { productId });
  }
  return product;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** POST /products: `product.manage`. */
export const createProductCommand = defineCommand<ProductPorts, CreateProductInput, ProductOutcome>({
  name: 'CreateProduct',
  permission: 'product.manage',
  run: (deps, context, input) => createProduct(deps, input, context),
});

/** PATCH /products/{id}, publish, unpublish: `product.manage`. */
export const changeProductCommand = defineCommand<ProductPorts, ProductChangeInput & { productId: string }, ProductOutcome>({
  name: 'ChangeProduct',
  permission: 'product.manage',
  run: (deps, context, { productId, ...changes }) => changeProduct(deps, productId, changes, context),
});
