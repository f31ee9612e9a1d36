import type { CatalogService, CategoryTreeNode } from '../../../../application/catalog/catalog-service.js';
import type { ProductDocument } from '../../../../application/catalog/read-models.js';
import {
  BuybackOptionsView,
  CategoryTreeView,
  DiagnosticQuestionList,
  EstimateView,
  BarcodeSearchView,
  ImeiSearchView,
  ProductView,
  type CategoryNodeView,
} from '../../../../application/catalog/catalog-views.js';
import type { Money } from '../../../../domain/shared/money.js';
import { ApplicationError } from '../../../../application/commands/errors.js';
import { BUYBACK_CHANNELS } from '../../../../domain/buybacks/events.js';
import { paymentModifierOf } from '../../../../domain/payments/modifier.js';
import { defineRoute, type Route } from '../../route.js';
import { localizedCategory, localizedCircuit, localizedPaymentMode, localizedQuestion, localizedShippingMethod } from '../../../../application/catalog/catalog-texts.js';
import { StringEnum, Text, Type, idParams, responsesSchema, uuid } from '../schemas.js';

const catalogAccess = { kind: 'authenticated', permission: 'catalog.read', anonymous: true } as const;

export function presentProduct(product: ProductDocument, maxPrice: Money | null): ProductView {
  return {
    id: product._id,
    accountId: product.accountId,
    label: product.label,
    brand: product.brand,
    model: product.model,
    ean: product.ean,
    tacCodes: product.tacCodes,
    categoryId: product.categoryId,
    status: product.status,
    simple: product.simple,
    currency: product.currency,
    prices: product.prices,
    isCollectingImei: product.isCollectingImei,
    imageUrl: product.imageUrl,
    maxPrice,
  };
}

export function catalogRoutes(catalog: CatalogService): Route[] {
  const withBestPrices = async (products: readonly ProductDocument[]) => {
    const best = await catalog.bestPrices(products);
    return products.map((product) => presentProduct(product, best.get(product._id) ?? null));
  };

  return [
    defineRoute({
      method: 'get',
      path: '/categories/tree',
      operationId: 'getCategoryTree',
      summary: 'The category tree (children by label), each node with its published products, descendants included',
      tag: 'catalog',
      access: catalogAccess,
      response: { status: 200, description: 'The roots, each with its sub-categories', schema: CategoryTreeView },
      async handler({ principal, locale }) {
        return { body: { items: (await catalog.categoryTree(principal)).map((node) => presentNode(node, locale)) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/products/by-barcode',
      operationId: 'findProductsByBarcode',
      summary: 'The published products whose EAN/GTIN is the scanned barcode (the scan search bar: premium feature scan_searchbar); a code not a GTIN is refused at the field code (GTIN_INVALID_LENGTH, GTIN_NOT_NUMERIC, GTIN_CHECK_DIGIT_INVALID)',
      tag: 'catalog',
      access: catalogAccess,
      query: Type.Object({ code: Text(14, 1) }, { additionalProperties: false }),
      response: { status: 200, description: 'The code as read and the matching products', schema: BarcodeSearchView },
      otherResponses: { 400: 'Not a GTIN (VALIDATION_FAILED, at code)', 403: 'The retailer lacks the scan_searchbar premium feature (PREMIUM_FEATURE_NOT_ENABLED)' },
      async handler({ principal, query }) {
        const { code, items } = await catalog.productsByBarcode(principal, query.code);
        return { body: { code, items: await withBestPrices(items) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/products/by-imei',
      operationId: 'findProductsByImei',
      summary: "The published products whose TAC codes match the IMEI's first 8 digits (IMEI search)",
      tag: 'catalog',
      access: catalogAccess,
      query: Type.Object({ imei: Text(40, 1) }, { additionalProperties: false }),
      response: { status: 200, description: 'The IMEI as read and the matching products', schema: ImeiSearchView },
      otherResponses: { 403: 'The retailer lacks the imei_search_and_collect premium feature (PREMIUM_FEATURE_NOT_ENABLED)' },
      async handler({ principal, query }) {
        const { imei, items } = await catalog.productsByImei(principal, query.imei);
        return { body: { imei: imei.value, tac: imei.tac, items: await withBestPrices(items) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/products/{id}',
      operationId: 'getProduct',
      summary: 'One product of the caller’s catalogue',
      tag: 'catalog',
      access: catalogAccess,
      params: idParams('id'),
      response: { status: 200, description: 'The product', schema: ProductView },
      otherResponses: { 422: 'A storefront visitor asked for a product that is not published (PRODUCT_UNPUBLISHED)' },
      async handler({ principal, params }) {
        const product =
          principal.kind === 'anonymous' ? await catalog.publishedProduct(principal, params.id) : await catalog.product(principal, params.id);
        return { body: (await withBestPrices([product]))[0] as ProductView };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/products/{id}/diagnostic-questions',
      operationId: 'getDiagnosticQuestions',
      summary: "The product's diagnostic questions, inherited from its category's ancestors (root first)",
      tag: 'catalog',
      access: catalogAccess,
      params: idParams('id'),
      response: { status: 200, description: 'The questions, in the order they are asked', schema: DiagnosticQuestionList },
      otherResponses: { 422: 'The product is not published (PRODUCT_UNPUBLISHED)' },
      async handler({ principal, params, locale }) {
        const product = await catalog.publishedProduct(principal, params.id);
        const questions = (await catalog.questionsFor(product)).map((question) => localizedQuestion(question, locale));
        return {
          body: {
            items: questions.map((q) => ({
              id: q._id,
              categoryId: q.categoryId,
              title: q.title,
              howToTest: q.howToTest,
              description: q.description,
              type: q.type,
              answers: q.answers.map((a) => ({ id: a.id, title: a.title, description: a.description, exclusive: a.exclusive === true })),
            })),
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/products/{id}/buyback-options',
      operationId: 'getBuybackOptions',
      summary: 'The circuits, shipping methods and payment modes open to the product on a channel',
      tag: 'catalog',
      access: catalogAccess,
      params: idParams('id'),
      query: Type.Object({ channel: Type.Optional(StringEnum(BUYBACK_CHANNELS)) }, { additionalProperties: false }),
      response: { status: 200, description: 'The options', schema: BuybackOptionsView },
      otherResponses: { 422: 'The product is not published (PRODUCT_UNPUBLISHED)' },
      async handler({ principal, params, query, locale }) {
        const channel = principal.kind === 'anonymous' ? 'web' : (query.channel ?? 'store');
        const product = await catalog.publishedProduct(principal, params.id);
        const options = await catalog.buybackOptions(principal, product, channel);
        return {
          body: {
            channel,
            circuits: options.circuits.map((circuit) => {
              const { name, description } = localizedCircuit(circuit, locale);
              const { circuitId, circuitType, deposit, shippingMethodIds, paymentModeIds, customerBonusInCents } = circuit;
              return { id: circuitId, name, circuitType, channel: circuit.channel, deposit, description, shippingMethodIds, paymentModeIds, customerBonusInCents };
            }),
            shippingMethods: options.shippingMethods.map((method) => localizedShippingMethod(method, locale)).map((s) => ({
              id: s._id,
              channel: s.channel,
              label: s.label,
              shippingType: s.shippingType,
              description: s.description,
              availableCountries: s.availableCountries,
              paymentModeIds: s.paymentModeIds,
              modifier: s.modifier,
            })),
            paymentModes: options.paymentModes.map((mode) => localizedPaymentMode(mode, locale)).map((p) => ({
              id: p._id,
              paymentType: p.paymentType,
              label: p.label,
              description: p.description,
              longDescription: p.longDescription,
              modifier: paymentModifierOf(p.modifier),
              status: p.status,
            })),
          },
        };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/estimates',
      operationId: 'estimate',
      summary:
        'The grade and price of a product given the answers to its diagnostic questions, and what the customer would be paid by each payment mode open to it on the channel (its bonus or malus applied)',
      tag: 'catalog',
      access: catalogAccess,
      body: Type.Object(
        {
          productId: uuid,
          responses: responsesSchema,
          channel: Type.Optional(StringEnum(BUYBACK_CHANNELS, { description: 'The payment modes of which channel (default store; a storefront visitor’s is always web).' })),
          circuitId: Type.Optional(uuid),
        },
        { additionalProperties: false },
      ),
      response: { status: 200, description: 'The estimate', schema: EstimateView },
      otherResponses: {
        422: 'An answer blocks the estimate, the grade has no price, the answers do not fit the questions, or the circuit named is not open to the product (ESTIMATE_CIRCUIT_NOT_AVAILABLE)',
      },
      async handler({ principal, body, locale }) {
        const { grade, price, basePrice, impacts, product, ancestry } = await catalog.estimate(principal, body.productId, body.responses);
        const channel = principal.kind === 'anonymous' ? 'web' : (body.channel ?? 'store');
        const options = await catalog.buybackOptions(principal, product, channel, ancestry);
        const circuit = body.circuitId === undefined ? undefined : options.circuits.find((c) => c.circuitId === body.circuitId);
        if (body.circuitId !== undefined && !circuit) throw new ApplicationError('ESTIMATE_CIRCUIT_NOT_AVAILABLE', { circuitId: body.circuitId });
        const bonus = circuit?.customerBonusInCents ?? null;
        const answers = new Map((await catalog.questionsFor(product, ancestry)).flatMap((question) => localizedQuestion(question, locale).answers.map((a) => [a.id, a.title] as const)));
        return {
          body: {
            productId: body.productId,
            grade,
            price,
            basePrice,
            impacts: impacts.map((impact) => ({ ...impact, label: answers.get(impact.answerId) ?? impact.answerId })),
            circuitBonus: bonus === null ? null : { amountInCents: bonus, currency: price.currency },
            payments: catalog.paymentAmounts(options, price, bonus).map((payment) => {
              const mode = options.paymentModes.find((m) => m._id === payment.paymentModeId);
              return mode ? { ...payment, label: localizedPaymentMode(mode, locale).label } : payment;
            }),
          },
        };
      },
    }),
  ];
}

/** A node of the tree, its texts in the caller's language. */
function presentNode({ category: stored, publishedProducts, children }: CategoryTreeNode, locale: string): CategoryNodeView {
  const category = localizedCategory(stored, locale);
  return {
    id: category._id,
    parentId: category.parentId,
    label: category.label,
    identifier: category.identifier,
    description: category.description,
    numberOfPublishedProducts: publishedProducts,
    children: children.map((child) => presentNode(child, locale)),
  };
}
