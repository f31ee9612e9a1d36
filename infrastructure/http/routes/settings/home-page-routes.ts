/**
 * The storefront's home page (issue 23, specification 002 §3 "Home page
 * configuration"): read and merge-patch an account's (design.manage;
 * provider staff any account's, a root manager their own), its history, and
 * the storefront's public read of it.
 */
import type { Money } from '../../../../domain/shared/money.js';
import type { CatalogService } from '../../../../application/catalog/catalog-service.js';
import type { ProductDocument } from '../../../../application/catalog/read-models.js';
import { changeHomePage, type HomePagePorts } from '../../../../application/settings/home-page/home-page-commands.js';
import { getHomePage, homePageHistory, storefrontHomePage } from '../../../../application/settings/home-page/home-page-queries.js';
import { HomePageHistoryView, HomePageSettingsView, StorefrontHomePageView } from '../../../../application/settings/home-page/home-page-views.js';
import { CommandAnswer } from '../../../../application/views/schema.js';
import { commandContext, commandResult } from '../../command-route.js';
import { etagOf } from '../../etag.js';
import { defineRoute, type Route } from '../../route.js';
import { presentProduct } from '../catalog/catalog-routes.js';
import { StringEnum, Text, Type, idParams, uuid } from '../schemas.js';

const tag = 'settings';
const onAccount = idParams('id');
const access = { kind: 'authenticated', permission: 'design.manage' } as const;
const notFound = { 404: 'No such account, or another retailer’s (ACCOUNT_NOT_FOUND)' };
const Opt = Type.Optional;
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) => Type.Union([schema, Type.Null()]);

/** A widget as the form sends it; its HTML capped here at twice the kept bound (what sanitising removes does not count). */
const WidgetPatch = Type.Union([
  Type.Object({ type: Type.Literal('html'), html: Text(400_000) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('products'), productIds: Type.Array(Text(100), { maxItems: 50 }) }, { additionalProperties: false }),
  Type.Object({ type: Type.Literal('search'), title: Text(255), bannerImageUrl: Opt(Nullable(Text(4096))) }, { additionalProperties: false }),
]);

const HomePagePatch = Type.Object(
  {
    metaTitle: Opt(Nullable(Text(1_000))),
    metaDescription: Opt(Nullable(Text(2_000))),
    status: Opt(Nullable(StringEnum(['on', 'off'] as const))),
    widgets: Opt(Nullable(Type.Array(WidgetPatch, { maxItems: 40, description: 'The whole list, in order (a merge-patch replaces an array).' }))),
    reason: Opt(Nullable(Text(255))),
  },
  { additionalProperties: false },
);

export interface HomePageRouteDeps {
  ports: HomePagePorts;
  catalog: Pick<CatalogService, 'bestPrices'>;
  /** The account the storefront shows when it names none (the white-label configuration's). */
  defaultAccountId(): Promise<string | null>;
}

export function homePageRoutes({ ports, catalog, defaultAccountId }: HomePageRouteDeps): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/accounts/{id}/home-page',
      operationId: 'getHomePage',
      summary: 'The storefront’s home page of an account as its form edits it: meta title and description, on or off, its widgets in order (its ETag: the revision of its last change, for If-Match; the account’s other settings changing leave it as it is)',
      tag,
      access,
      params: onAccount,
      response: { status: 200, description: 'The home page', schema: HomePageSettingsView },
      otherResponses: notFound,
      async handler({ principal, params }) {
        const home = await getHomePage(ports.documents, ports.eventStore, principal, params.id);
        return { body: home, headers: { ETag: etagOf(home.revision) } };
      },
    }),
    defineRoute({
      method: 'patch',
      path: '/accounts/{id}/home-page',
      operationId: 'updateHomePage',
      summary:
        'Changes the home page by a JSON merge-patch (application/merge-patch+json): the widgets as a whole list in their new order. Each HTML widget is sanitised on the server before its bounds are checked (20 to 200,000 characters) and only its sanitised HTML is kept; products must be the account’s own (HOME_PAGE_PRODUCTS_UNKNOWN names the others). If-Match: another change of the home page since answers 412 (a change of the account’s other settings does not)',
      tag,
      access,
      params: onAccount,
      body: HomePagePatch,
      conditional: true,
      response: { status: 200, description: 'Saved (the new revision in ETag; unchanged when nothing changed)', schema: CommandAnswer },
      otherResponses: {
        ...notFound,
        412: 'If-Match names another revision (PRECONDITION_FAILED)',
        422: 'A field breaks the rules (HOME_PAGE_INVALID, details.fields), or a product is unknown or another retailer’s (HOME_PAGE_PRODUCTS_UNKNOWN, details.productIds)',
      },
      async handler(context) {
        const { reason, ...patch } = context.body;
        return commandResult(await changeHomePage.run(ports, commandContext(context), { accountId: context.params.id, patch, reason: reason ?? null }));
      },
    }),
    defineRoute({
      method: 'get',
      path: '/accounts/{id}/home-page/history',
      operationId: 'getHomePageHistory',
      summary: 'Every change of the home page, oldest first: who, when, why, and each field from and to (the widgets as the list of their types)',
      tag,
      access,
      params: onAccount,
      response: { status: 200, description: 'The history', schema: HomePageHistoryView },
      otherResponses: notFound,
      handler: async ({ principal, params }) => ({ body: await homePageHistory(ports.eventStore, ports.documents, principal, params.id) }),
    }),
    defineRoute({
      method: 'get',
      path: '/white-label/home-page',
      operationId: 'getStorefrontHomePage',
      summary:
        'The storefront’s home as a visitor gets it (the white-label configuration’s account unless one is named): when it is on, its texts and its widgets in order (the HTML as sanitised when saved, the products that are published, with their best price); off or never configured: not enabled',
      tag: 'public',
      access: { kind: 'public' },
      query: Type.Object({ accountId: Type.Optional(uuid) }, { additionalProperties: false }),
      response: { status: 200, description: 'The home page', schema: StorefrontHomePageView },
      otherResponses: { 404: 'No storefront for that account (WHITE_LABEL_NOT_AVAILABLE)' },
      async handler({ query }) {
        const accountId = query.accountId ?? (await defaultAccountId());
        const body = await storefrontHomePage(
          {
            documents: ports.documents,
            bestPrices: (products: readonly ProductDocument[]) => catalog.bestPrices(products),
            present: (product: ProductDocument, maxPrice: Money | null) => presentProduct(product, maxPrice),
          },
          accountId ?? '',
        );
        return { body, headers: { 'Cache-Control': 'no-cache' } };
      },
    }),
  ];
}
