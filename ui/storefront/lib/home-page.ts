import type { StorefrontHomePageView } from '@server/application/settings/home-page/home-page-views';
import { publicApi } from './api';

/** GET /api/white-label/home-page: the retailer's home page widgets (not enabled: the default home). */
export type StorefrontHomePage = StorefrontHomePageView;

let pending: Promise<StorefrontHomePage | null> | null = null;
/** The answer once it came (null: none could be read, the default home); undefined while it has not. */
let settled: StorefrontHomePage | null | undefined;

/** Asked for once per visit (the start-up asks for it with the configuration when the visitor lands on the home). */
export function storefrontHomePage(): Promise<StorefrontHomePage | null> {
  pending ??= publicApi.get<StorefrontHomePage>('/white-label/home-page').then(
    (home) => (settled = home),
    () => (settled = null),
  );
  return pending;
}

/** The answer already known (the server-rendered page's): no request for it. */
export function primeHomePage(home: StorefrontHomePage | null): void {
  settled = home;
  pending = Promise.resolve(home);
}

/** On the server (app/server.tsx): the home page of the page being rendered, instead of this module's (shared by every render). */
let fromServer: (() => StorefrontHomePage | null | undefined) | null = null;

export function homePageFromServer(read: () => StorefrontHomePage | null | undefined): void {
  fromServer = read;
}

/** The answer if it already came (undefined while it has not). */
export function settledHomePage(): StorefrontHomePage | null | undefined {
  return fromServer ? fromServer() : settled;
}
