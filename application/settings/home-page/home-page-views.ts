/**
 * What the home page's routes answer (TypeBox): the handlers' return types,
 * the OpenAPI schemas, the types the dashboard and the storefront import.
 */
import { HOME_PAGE_WIDGET_TYPES } from '../../../domain/organizations/account/home-page.js';
import { ProductView } from '../../catalog/catalog-views.js';
import { DateTime, Nullable, StringEnum, Type, Uuid, type Static } from '../../views/schema.js';

export const HomePageWidgetView = Type.Union(
  [
    Type.Object({ type: Type.Literal('html'), html: Type.String({ description: 'Sanitised on the server when saved: this is what a visitor gets.' }) }, { title: 'HomePageHtmlWidget' }),
    Type.Object({ type: Type.Literal('products'), productIds: Type.Array(Uuid) }, { title: 'HomePageProductsWidget' }),
    Type.Object({ type: Type.Literal('search'), title: Type.String(), bannerImageUrl: Nullable(Type.String()) }, { title: 'HomePageSearchWidget' }),
  ],
  { title: 'HomePageWidget' },
);
export type HomePageWidgetView = Static<typeof HomePageWidgetView>;

/** GET /accounts/{id}/home-page: the account's home page as its form edits it. */
export const HomePageSettingsView = Type.Object(
  {
    accountId: Uuid,
    /** False until it is first saved (its texts then empty, off, no widgets). */
    configured: Type.Boolean(),
    metaTitle: Type.String(),
    metaDescription: Type.String(),
    status: StringEnum(['on', 'off'] as const),
    widgets: Type.Array(HomePageWidgetView),
    revision: Type.Integer({ minimum: 0, description: 'The home page’s revision (the account stream’s revision of its last change, 0 before any), also the ETag: send it back as If-Match.' }),
  },
  { title: 'HomePageSettings' },
);
export type HomePageSettingsView = Static<typeof HomePageSettingsView>;

const Change = Type.Object({ from: Type.Unknown(), to: Type.Unknown() }, { title: 'HomePageChange' });

export const HomePageHistoryEntryView = Type.Object(
  {
    eventId: Type.String(),
    revision: Type.Integer({ minimum: 0 }),
    type: StringEnum(['HomePageChanged', 'ClientDetailsChanged'] as const),
    at: DateTime,
    user: Nullable(Type.Object({ id: Type.String(), name: Type.String() })),
    reason: Nullable(Type.String()),
    /** Each field it changed, from and to; the widgets as the list of their types, in order. */
    changes: Type.Record(Type.String(), Change),
  },
  { title: 'HomePageHistoryEntry' },
);
export type HomePageHistoryEntryView = Static<typeof HomePageHistoryEntryView>;
export const HomePageHistoryView = Type.Object({ items: Type.Array(HomePageHistoryEntryView) }, { title: 'HomePageHistory' });
export type HomePageHistoryView = Static<typeof HomePageHistoryView>;

/** GET /white-label/home-page: the storefront's home as a visitor gets it; off (or never configured): not enabled, the default home. */
export const StorefrontHomePageView = Type.Object(
  {
    enabled: Type.Boolean(),
    metaTitle: Nullable(Type.String()),
    metaDescription: Nullable(Type.String()),
    widgets: Type.Array(
      Type.Union(
        [
          Type.Object({ type: Type.Literal('html'), html: Type.String() }, { title: 'StorefrontHtmlWidget' }),
          Type.Object({ type: Type.Literal('products'), products: Type.Array(ProductView, { description: 'The published ones, in the order chosen.' }) }, { title: 'StorefrontProductsWidget' }),
          Type.Object(
            {
              type: Type.Literal('search'),
              title: Type.String(),
              bannerImageUrl: Nullable(Type.String()),
              bannerWidth: Nullable(Type.Integer({ minimum: 1, description: 'The banner’s size in pixels when it is an uploaded settings file (kind banner): drawn with its width and height, nothing moves when it arrives; null for an address elsewhere.' })),
              bannerHeight: Nullable(Type.Integer({ minimum: 1 })),
            },
            { title: 'StorefrontSearchWidget' },
          ),
        ],
        { title: 'StorefrontHomePageWidget' },
      ),
    ),
  },
  { title: 'StorefrontHomePage' },
);
export type StorefrontHomePageView = Static<typeof StorefrontHomePageView>;

export { HOME_PAGE_WIDGET_TYPES };
