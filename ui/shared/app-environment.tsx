import { createContext, useContext, type ReactNode } from 'react';
import type { MoneyView } from '@server/application/views/schema';
import type { ApiClient } from './api/client';

/**
 * What code shared by both applications (the buyback path, formatting) needs
 * to know about where it runs. The storefront provides it from the
 * white-label configuration and the anonymous session; the dashboard from
 * the signed-in user and the current module.
 */
export interface AppEnvironment {
  app: 'storefront' | 'dashboard';
  api: ApiClient;
  /** The tenant. */
  accountId: string;
  /** ISO 4217, for every amount shown. */
  currency: MoneyView['currency'];
  /** The buyback channel this app creates: web on the storefront, store on the dashboard. */
  channel: 'web' | 'store';
  /** The seller's store (dashboard, tim module); null on the storefront. */
  storeId: string | null;
  settings: {
    customerIdentityDocumentRequired: boolean;
    /** The "customer ID collection" general setting: the identity document's type and number are asked. */
    customerIdCollectionEnabled: boolean;
    cartMinValueInCents: number;
    categoryNavigationEnabled: boolean;
    /** Premium features enabled for the organization, e.g. imei_search_and_collect. */
    enabledPremiumFeatures: readonly string[];
  };
  /** Builds a link inside the current app (the dashboard lives under /dashboard). */
  href(path: string): string;
}

const Context = createContext<AppEnvironment | null>(null);

export function AppEnvironmentProvider({ value, children }: { value: AppEnvironment; children: ReactNode }) {
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useAppEnvironment(): AppEnvironment {
  const value = useContext(Context);
  if (!value) throw new Error('useAppEnvironment outside AppEnvironmentProvider');
  return value;
}
