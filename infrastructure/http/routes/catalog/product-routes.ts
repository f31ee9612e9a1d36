/**
 * The products' routes: GET /products (the specification's query, which the
 * storefront, the dashboard wizard and the products list all call), a
 * product's every field, its creation and merge-patch, publish and
 * unpublish, its price history and history, and its images.
 */
import type { CatalogService } from '../../../../application/catalog/catalog-service.js';
import type { ProductDocument } from '../../../../application/catalog/read-models.js';
import { changeProductCommand, createProductCommand, type ProductChangeInput, type ProductPorts } from '../../../../application/catalog/products/product-commands.js';
import { PRODUCT_ORDER_PATHS, type ProductQueries } from '../../../../application/catalog/products/product-queries.js';
import { PriceHistory, ProductDetailView, ProductHistory, ProductListPage, type ProductListItem } from '../../../../application/catalog/products/product-views.js';
import { orderOf } from '../../../../application/lists/paged-query.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { PRODUCT_STATES } from '../../../../domain/catalog/estimate.js';
import { PRODUCT_STATUSES } from '../../../../domain/catalog/product/decide.js';
import { PRODUCT_LIMITS } from '../../../../domain/catalog/product/validate.js';
import { TRANSLATED_LOCALES } from '../../../../domain/shared/translations.js';
import { commandContext, commandResult, commandRoute } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { MAX_PAGE, MAX_QUERY_VALUES, StringEnum, Text, Type, idParams, orderParameter, uuid } from '../schemas.js';
import { presentProduct } from './catalog-routes.js';
import { productImageRoutes } from './product-image-routes.js';

const tag = 'products';
const manage = { kind: 'authenticated', permission: createProductCommand.permission as string } as const;
const list = { kind: 'authenticated', permission: 'product.list' } as const;
const catalogAccess = { kind: 'authenticated', permission: 'catalog.read', anonymous: true } as const;
const notFound = { 404: 'No such product in the caller’s catalogue (PRODUCT_NOT_FOUND)' };

const Cents = Type.Integer({ minimum: 0, maximum: PRODUCT_LIMITS.price.max });
/** Bounded at twice the rule, so that a text a little too long gets the rule's own message at its field (the domain's), not the schema's. */
const OptionalText = (max: number) => Type.Union([Type.String({ maxLength: 2 * max }), Type.Null()]);
const Whole = Type.Union([Type.Number({ minimum: -1e9, maximum: 1e9 }), Type.Null()]);

const fields = {
  label: Text(2 * PRODUCT_LIMITS.label.max, 0, { description: `Required, ${PRODUCT_LIMITS.label.min} to ${PRODUCT_LIMITS.label.max} characters.` }),
  brand: Text(2 * PRODUCT_LIMITS.brand.max),
  model: Type.Optional(Text(2 * PRODUCT_LIMITS.model.max)),
  reference: Type.Optional(OptionalText(PRODUCT_LIMITS.reference.max)),
  buyerReference: Type.Optional(OptionalText(PRODUCT_LIMITS.reference.max)),
  ean: Type.Optional(Type.Union([Text(32), Type.Null()], { description: 'EAN/GTIN of 8, 12, 13 or 14 digits with its GS1 check digit, or null.' })),
  tacCodes: Type.Optional(Type.Array(Text(16), { maxItems: PRODUCT_LIMITS.tacCodes, description: 'TAC codes of 8 digits each.' })),
  categoryId: uuid,
  secondaryCategoryIds: Type.Optional(Type.Array(uuid, { maxItems: PRODUCT_LIMITS.secondaryCategories })),
  comment: Type.Optional(OptionalText(PRODUCT_LIMITS.comment.max)),
  simple: Type.Optional(Type.Boolean()),
  isCollectingImei: Type.Optional(Type.Boolean()),
  buybackZeroNotAllowed: Type.Optional(Type.Boolean()),
  heightCm: Type.Optional(Whole),
  lengthCm: Type.Optional(Whole),
  widthCm: Type.Optional(Whole),
  weightGrams: Type.Optional(Whole),
  nominalHeightCm: Type.Optional(Whole),
  nominalLengthCm: Type.Optional(Whole),
  nominalWidthCm: Type.Optional(Whole),
  nominalWeightGrams: Type.Optional(Whole),
  imageUrl: Type.Optional(Type.Union([Text(PRODUCT_LIMITS.imageUrl), Type.Null()])),
  imageHdUrl: Type.Optional(Type.Union([Text(PRODUCT_LIMITS.imageUrl), Type.Null()])),
  translations: Type.Optional(
    Type.Union([
      Type.Object(
        Object.fromEntries(
          TRANSLATED_LOCALES.map((locale) => [
            locale,
            Type.Optional(Type.Object({ label: Type.Optional(Text(2 * PRODUCT_LIMITS.label.max)), comment: Type.Optional(Text(2 * PRODUCT_LIMITS.comment.max)) }, { additionalProperties: false })),
          ]),
        ),
        { additionalProperties: false, description: 'en-GB, nl-BE, de-DE texts of label and comment (French is the field).' },
      ),
      Type.Null(),
    ]),
  ),
  prices: Type.Optional(
    Type.Object(Object.fromEntries(PRODUCT_STATES.map((state) => [state, Type.Optional(Type.Union([Type.Number({ minimum: -1e9, maximum: 1e9 }), Type.Null()]))])), {
      additionalProperties: false,
      description: 'Cents per state, whole, 0 to 5,000,000 (0 to 50,000 euros); null: not bought back in that state.',
    }),
  ),
  status: Type.Optional(StringEnum(PRODUCT_STATUSES)),
};

const CreateBody = Type.Object(
  { ...fields, accountId: Type.Optional(Type.Union([uuid, Type.Null()], { description: 'Provider staff: the retailer.' })) },
  { additionalProperties: false },
);
const PatchBody = Type.Object(
  { ...fields, label: Type.Optional(fields.label), brand: Type.Optional(fields.brand), categoryId: Type.Optional(fields.categoryId) },
  { additionalProperties: false },
);

/** GET /products: the specification's query on the list convention (itemsPerPage 10 by default). */
const ListQuery = Type.Object(
  {
    page: Type.Integer({ minimum: 1, maximum: MAX_PAGE, default: 1 }),
    itemsPerPage: Type.Integer({ minimum: 1, maximum: 100, default: 10 }),
    pagination: Type.Optional(Type.Boolean({ default: true, description: 'false: every row in one answer, at most 1000 (400 LIST_TOO_LONG past it).' })),
    partial: Type.Optional(Type.Boolean({ description: 'Accepted for the list convention; the total is always counted.' })),
    order: orderParameter(Object.keys(PRODUCT_ORDER_PATHS)),
    search: Type.Optional(Text(255)),
    categories: Type.Optional(Type.Array(uuid, { maxItems: MAX_QUERY_VALUES, description: 'categories[]: main categories (their descendants included).' })),
    categoryId: Type.Optional(uuid),
    status: Type.Optional(StringEnum(['all', 'draft', 'published'] as const, { description: 'Default published; a storefront visitor only ever sees published products.' })),
    price: Type.Optional(
      Type.Object(
        { gte: Type.Optional(Cents), lte: Type.Optional(Cents) },
        { additionalProperties: false, description: 'price[gte], price[lte]: grade-A price bounds in cents (deepObject).' },
      ),
    ),
  },
  { additionalProperties: false },
);

export interface ProductRouteDeps {
  ports: ProductPorts;
  queries: ProductQueries;
  catalog: CatalogService;
}

export function productRoutes({ ports, queries, catalog }: ProductRouteDeps): Route[] {
  const onProduct = idParams('id');
  const present = async (products: readonly ProductDocument[], labels: Map<string, string>): Promise<ProductListItem[]> => {
    const best = await catalog.bestPrices(products);
    return products.map((product) => ({ ...presentProduct(product, best.get(product._id) ?? null), categoryLabel: labels.get(product.categoryId) ?? null }));
  };
  const change = (summary: string, path: string, operationId: string, status: 'draft' | 'published') =>
    commandRoute(changeProductCommand, ports, { path, operationId, summary, tag, params: onProduct, input: (context) => ({ productId: context.params.id, status }) });

  return [
    defineRoute({
      method: 'get',
      path: '/products',
      operationId: 'listProducts',
      summary:
        'The catalogue, one page (10 by default): search (the search engine when there is one, else label, brand, model, references, EAN), categories[] (their descendants included; categoryId: one), status (all, draft, published; published by default, and always for a storefront visitor), price[gte]/price[lte] (grade-A price in cents), order[label|brand|category|buybackPriceGradeA|status|createdAt] (label ascending by default), pagination=false (at most 1000)',
      tag: 'catalog',
      access: catalogAccess,
      query: ListQuery,
      response: { status: 200, description: 'One page of products', schema: ProductListPage },
      async handler({ principal, query }) {
        const status = principal.kind === 'anonymous' ? 'published' : (query.status ?? 'published');
        const categories = [...(query.categories ?? []), ...(query.categoryId ? [query.categoryId] : [])];
        const page = await queries.list(
          principal,
          {
            status,
            ...(query.search ? { search: query.search } : {}),
            ...(categories.length ? { categories } : {}),
            ...(query.price?.gte !== undefined ? { priceMin: query.price.gte } : {}),
            ...(query.price?.lte !== undefined ? { priceMax: query.price.lte } : {}),
          },
          {
            page: query.page,
            itemsPerPage: query.itemsPerPage,
            ...(query.pagination === false ? { pagination: false } : {}),
            order: orderOf(query.order, Object.fromEntries(Object.entries(PRODUCT_ORDER_PATHS).map(([name, path]) => [name, { path }]))),
          },
        );
        const { categoryLabels, ...rest } = page;
        return { body: { ...rest, totalItems: rest.totalItems ?? 0, items: await present(rest.items, categoryLabels) } };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/products',
      operationId: 'createProduct',
      summary:
        'A new product of the caller’s retailer (provider staff name the account), a draft unless said otherwise: every field of specification 000 §3 and its prices per state. Each invalid field is named in PRODUCT_INVALID’s details',
      tag,
      access: manage,
      body: CreateBody,
      idempotent: true,
      response: { status: 201, description: 'Created (its revision in ETag)', schema: CommandAnswer },
      otherResponses: {
        403: 'Provider staff named no account (ACCOUNT_REQUIRED)',
        409: 'The product exists (PRODUCT_ALREADY_EXISTS)',
        422: 'A field breaks the rules (PRODUCT_INVALID, details.fields)',
      },
      async handler(context) {
        const outcome = await createProductCommand.run(ports, commandContext(context), context.body as Parameters<typeof createProductCommand.run>[2]);
        return { ...commandResult(outcome, 201), headers: { ETag: etagOf(outcome.revision), Location: `/api/products/${outcome.id}/details` } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/products/{id}/details',
      operationId: 'getProductDetails',
      summary: 'Every field of one product of the caller’s catalogue, as its form edits it (its ETag: the revision for If-Match)',
      tag,
      access: list,
      params: onProduct,
      response: { status: 200, description: 'The product', schema: ProductDetailView },
      otherResponses: notFound,
      async handler({ principal, params }) {
        const product = await queries.detail(principal, params.id);
        return { body: product, headers: { ETag: etagOf(product.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/products/{id}',
      operationId: 'changeProduct',
      summary:
        'Changes what the body names of a product (JSON merge-patch: what it leaves out stays, null empties an optional field): fields, prices per state, status. Only what differs is written (its history and price history say who and when). If-Match with its revision: another change since answers 412',
      tag,
      access: manage,
      params: onProduct,
      body: PatchBody,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: {
        ...notFound,
        412: 'If-Match names another revision: someone changed it since (PRECONDITION_FAILED)',
        422: 'A field breaks the rules (PRODUCT_INVALID, details.fields)',
      },
      async handler(context) {
        const changes = context.body as ProductChangeInput;
        return commandResult(await changeProductCommand.run(ports, commandContext(context), { ...changes, productId: context.params.id }));
      },
    }),
    change('Publishes a product: the storefront offers it from the next request on', '/products/{id}/publish', 'publishProduct', 'published'),
    change(
      'Unpublishes a product (back to draft): it leaves the storefront at once, and a buyback on it answers PRODUCT_UNPUBLISHED',
      '/products/{id}/unpublish',
      'unpublishProduct',
      'draft',
    ),
    defineRoute({
      method: 'get',
      path: '/products/{id}/price-history',
      operationId: 'getProductPriceHistory',
      summary: 'Each change of a product’s prices, oldest first, read from its events: when, who, and each state’s price before and after (cents)',
      tag,
      access: list,
      params: onProduct,
      response: { status: 200, description: 'The price history', schema: PriceHistory },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.priceHistory(principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/products/{id}/history',
      operationId: 'getProductHistory',
      summary: 'Every event of a product: what, when, who, and each value it changed (from, to), oldest first',
      tag,
      access: list,
      params: onProduct,
      response: { status: 200, description: 'The history', schema: ProductHistory },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await queries.history(principal, params.id) }),
    }),
    ...productImageRoutes({ ports, tag, manage, notFound }),
  ];
}
