/**
 * The product's decisions: its creation and its changes (fields, prices,
 * status), each checked against specification 000 §5 (validate.ts). A change
 * writes only what differs: ProductChanged with the changed fields,
 * ProductPriced with the changed states' prices, ProductPublished or
 * ProductUnpublished when the status moves. Nothing differs: no event.
 */
import type { Decider } from '../../shared/decider.js';
import { DomainError } from '../../shared/domain-error.js';
import type { Currency } from '../../shared/money.js';
import { PRODUCT_STATES } from '../estimate.js';
import type { ProductCreated } from '../events.js';
import type { ProductChanges, ProductFields, ProductLaterEvent, ProductPrices } from './product-events.js';
import { normalizePrices, normalizeProductFields, refuseProblems, type FieldProblem, type ProductFacts } from './validate.js';

export type ProductStatus = 'draft' | 'published';
export const PRODUCT_STATUSES = ['draft', 'published'] as const satisfies readonly ProductStatus[];

export type ProductEvent = ProductCreated | ProductLaterEvent;
export type ProductData = ProductCreated['data'];

export interface ProductState {
  product: ProductData | null;
}

export interface CreateProduct {
  type: 'CreateProduct';
  data: {
    productId: string;
    fields: ProductFields;
    prices: Partial<Record<string, number | null>>;
    status: ProductStatus;
    currency: Currency;
    facts: ProductFacts;
  };
}

export interface ChangeProduct {
  type: 'ChangeProduct';
  data: {
    productId: string;
    changes: ProductChanges;
    prices?: Partial<Record<string, number | null>>;
    status?: ProductStatus;
    facts: ProductFacts;
  };
}

export type ProductCommand = CreateProduct | ChangeProduct;

export const FIELD_NAMES = [
  'label',
  'brand',
  'model',
  'reference',
  'buyerReference',
  'ean',
  'tacCodes',
  'categoryId',
  'secondaryCategoryIds',
  'comment',
  'simple',
  'isCollectingImei',
  'buybackZeroNotAllowed',
  'heightCm',
  'lengthCm',
  'widthCm',
  'weightGrams',
  'nominalHeightCm',
  'nominalLengthCm',
  'nominalWidthCm',
  'nominalWeightGrams',
  'imageUrl',
  'imageHdUrl',
  'translations',
] as const satisfies ReadonlyArray<keyof ProductFields>;

const NO_PRICES: ProductPrices = { functional: null, grade_a: null, grade_b: null, grade_c: null, grade_d: null, grade_e: null };

export function initialProductState(): ProductState {
  return { product: null };
}

export function evolveProduct(state: ProductState, event: ProductEvent): ProductState {
  if (event.type === 'ProductCreated') return { product: event.data };
  const product = state.product;
  if (!product) return state;
  switch (event.type) {
    case 'ProductChanged':
      return { product: { ...product, ...event.data.changes } };
    case 'ProductPriced':
      return { product: { ...product, prices: { ...product.prices, ...event.data.prices } } };
    case 'ProductPublished':
      return { product: { ...product, status: 'published' } };
    case 'ProductUnpublished':
      return { product: { ...product, status: 'draft' } };
    default:
      return state;
  }
}

export function decideProduct(command: ProductCommand, state: ProductState): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct':
      return create(command.data, state);
    case 'ChangeProduct':
      return change(command.data, state);
    default: {
      const never: never = command;
      return never;
    }
  }
}

function create(data: CreateProduct['data'], state: ProductState): ProductEvent[] {
  if (state.product) throw new DomainError('PRODUCT_ALREADY_EXISTS', { productId: data.productId });
  const problems: FieldProblem[] = [];
  const fields = normalizeProductFields(data.fields, data.facts, problems);
  const prices = normalizePrices(data.prices, problems);
  refuseProblems(problems);
  return [{ type: 'ProductCreated', data: { productId: data.productId, ...fields, status: data.status, currency: data.currency, prices: { ...NO_PRICES, ...prices } } }];
}

function change(data: ChangeProduct['data'], state: ProductState): ProductEvent[] {
  const current = state.product;
  if (!current) throw new DomainError('PRODUCT_NOT_FOUND', { productId: data.productId });
  const problems: FieldProblem[] = [];
  const merged: ProductFields = { ...pickFields(current), ...definedOnly(data.changes) };
  // Categories kept as they were need not be found again (one archived since stays linked).
  const facts = { knownCategoryIds: [...data.facts.knownCategoryIds, current.categoryId, ...current.secondaryCategoryIds] };
  const fields = normalizeProductFields(merged, facts, problems);
  const prices = normalizePrices(data.prices ?? {}, problems);
  refuseProblems(problems);

  const events: ProductEvent[] = [];
  const changes: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) if (!same(fields[name], current[name])) changes[name] = fields[name];
  if (Object.keys(changes).length > 0) events.push({ type: 'ProductChanged', data: { productId: current.productId, changes: changes as ProductChanges } });
  const priced: Partial<ProductPrices> = {};
  for (const state of PRODUCT_STATES) {
    const value = prices[state];
    if (value !== undefined && value !== current.prices[state]) priced[state] = value;
  }
  if (Object.keys(priced).length > 0) events.push({ type: 'ProductPriced', data: { productId: current.productId, prices: priced } });
  if (data.status !== undefined && data.status !== current.status) {
    events.push({ type: data.status === 'published' ? 'ProductPublished' : 'ProductUnpublished', data: { productId: current.productId } });
  }
  return events;
}

function pickFields(product: ProductData): ProductFields {
  const picked: Record<string, unknown> = {};
  for (const name of FIELD_NAMES) picked[name] = product[name];
  return picked as unknown as ProductFields;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function same(a: unknown, b: unknown): boolean {
  return a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

export const productDecider: Decider<ProductState, ProductCommand, ProductEvent> = {
  initialState: initialProductState,
  evolve: evolveProduct,
  decide: decideProduct,
};
