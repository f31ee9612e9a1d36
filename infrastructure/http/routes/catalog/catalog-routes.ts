import type { CatalogService, CategoryTreeNode } from '../../../../application/catalog/catalog-service.js';
import type { Principal } from '../../../../application/organizations/principal.js';
import type { Route } from '../../route.js';
import { idParams, listQuery, present, responsesSchema, sortSpec, uuid } from '../schemas.js';
import type { CategoryNodeView } from '../../../../application/catalog/catalog-views.js';

const PRODUCT_SORTS: Record<string, string> = {
  label: 'label',
  brand: 'brand',
  buybackPriceGradeA: 'prices.grade_a',
  status: 'status',
  createdAt: 'createdAt',
};

const catalogAccess = { kind: 'authenticated', permission: 'catalog.read', anonymous: true } as const;

export function catalogRoutes(catalog: CatalogService): Route[] {
  const principalOf = (p: Principal | null) => p as Principal;
  return [
    {
      method: 'get',
      path: '/products',
      operationId: 'listProducts',
      summary: 'Search the catalogue (label, brand, model, EAN), by category, status and grade-A price range',
      tag: 'catalog',
      access: catalogAccess,
      query: listQuery(Object.keys(PRODUCT_SORTS), {
        search: { type: 'string', maxLength: 255 },
        categoryId: uuid,
        status: { type: 'string', enum: ['draft', 'published', 'all'] },
        price: {
          type: 'object',
          additionalProperties: false,
          properties: { gte: { type: 'integer', minimum: 0 }, lte: { type: 'integer', minimum: 0 } },
        },
      }),
      async handler({ principal, query }) {
        const price = (query.price ?? {}) as { gte?: number; lte?: number };
        const page = query.page as number;
        const itemsPerPage = query.itemsPerPage as number;
        // Anonymous visitors only ever see published products.
        const status = principal?.kind === 'anonymous' ? 'published' : (query.status as 'draft' | 'published' | 'all' | undefined);
        const { items, totalItems } = await catalog.searchProducts(principalOf(principal), {
          ...(query.search ? { search: query.search as string } : {}),
          ...(query.categoryId ? { categoryId: query.categoryId as string } : {}),
          ...(status ? { status } : {}),
          ...(price.gte !== undefined ? { priceMin: price.gte } : {}),
          ...(price.lte !== undefined ? { priceMax: price.lte } : {}),
          page,
          itemsPerPage,
          sort: sortSpec(query.order, PRODUCT_SORTS),
        });
        return { body: { items: items.map((p) => present(p, ['searchText'])), totalItems, page, itemsPerPage } };
      },
    },
    {
      method: 'get',
      path: '/categories/tree',
      operationId: 'getCategoryTree',
      summary: 'The category tree (children by label), each node with its published products, descendants included',
      tag: 'catalog',
      access: catalogAccess,
      async handler({ principal }) {
        return { body: { items: (await catalog.categoryTree(principalOf(principal))).map(presentNode) } };
      },
    },
    {
      method: 'get',
      path: '/products/by-imei',
      operationId: 'findProductsByImei',
      summary: "The published products whose TAC codes match the IMEI's first 8 digits (IMEI search)",
      tag: 'catalog',
      access: catalogAccess,
      query: {
        type: 'object',
        required: ['imei'],
        additionalProperties: false,
        properties: { imei: { type: 'string', minLength: 1, maxLength: 40 } },
      },
      async handler({ principal, query }) {
        const { imei, items } = await catalog.productsByImei(principalOf(principal), query.imei as string);
        return { body: { imei: imei.value, tac: imei.tac, items: items.map((p) => present(p, ['searchText'])) } };
      },
    },
    {
      method: 'get',
      path: '/products/{id}',
      operationId: 'getProduct',
      summary: 'One product of the caller’s catalogue',
      tag: 'catalog',
      access: catalogAccess,
      params: idParams('id'),
      async handler({ principal, params }) {
        const product = await catalog.product(principalOf(principal), params.id as string);
        if (principal?.kind === 'anonymous' && product.status !== 'published') {
          await catalog.publishedProduct(principalOf(principal), product._id);
        }
        return { body: present(product, ['searchText']) };
      },
    },
    {
      method: 'get',
      path: '/products/{id}/diagnostic-questions',
      operationId: 'getDiagnosticQuestions',
      summary: "The product's diagnostic questions, inherited from its category's ancestors (root first)",
      tag: 'catalog',
      access: catalogAccess,
      params: idParams('id'),
      async handler({ principal, params }) {
        const product = await catalog.publishedProduct(principalOf(principal), params.id as string);
        const questions = await catalog.questionsFor(principalOf(principal), product);
        return {
          body: {
            items: questions.map((q) => ({
              id: q._id,
              categoryId: q.categoryId,
              title: q.title,
              howToTest: q.howToTest,
              description: q.description,
              type: q.type,
              answers: q.answers.map((a) => ({ id: a.id, title: a.title, description: a.description })),
            })),
          },
        };
      },
    },
    {
      method: 'get',
      path: '/products/{id}/buyback-options',
      operationId: 'getBuybackOptions',
      summary: 'The circuits, shipping methods and payment modes open to the product on a channel',
      tag: 'catalog',
      access: catalogAccess,
      params: idParams('id'),
      query: {
        type: 'object',
        additionalProperties: false,
        properties: { channel: { type: 'string', enum: ['store', 'web'] } },
      },
      async handler({ principal, params, query }) {
        const channel = principal?.kind === 'anonymous' ? 'web' : ((query.channel as 'store' | 'web' | undefined) ?? 'store');
        const product = await catalog.publishedProduct(principalOf(principal), params.id as string);
        const options = await catalog.buybackOptions(principalOf(principal), product, channel);
        return {
          body: {
            channel,
            circuits: options.circuits.map((c) => ({ id: c.circuitId, ...c, circuitId: undefined })),
            shippingMethods: options.shippingMethods.map((s) => present(s, ['accountId', 'shippingMethodId'])),
            paymentModes: options.paymentModes.map((p) => present(p, ['accountId', 'paymentModeId'])),
          },
        };
      },
    },
    {
      method: 'post',
      path: '/estimates',
      operationId: 'estimate',
      summary: 'The grade and price of a product given the answers to its diagnostic questions',
      tag: 'catalog',
      access: catalogAccess,
      body: {
        type: 'object',
        required: ['productId', 'responses'],
        additionalProperties: false,
        properties: { productId: uuid, responses: responsesSchema },
      },
      async handler({ principal, body }) {
        const { productId, responses } = body as { productId: string; responses: Array<{ questionId: string; answerIds: string[] }> };
        const { grade, price } = await catalog.estimate(principalOf(principal), productId, responses);
        return { body: { productId, grade, price } };
      },
    },
  ];
}

function presentNode({ category, publishedProducts, children }: CategoryTreeNode): CategoryNodeView {
  return {
    id: category._id,
    parentId: category.parentId,
    label: category.label,
    identifier: category.identifier,
    description: category.description,
    numberOfPublishedProducts: publishedProducts,
    children: children.map(presentNode),
  };
}
