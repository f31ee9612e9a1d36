import { useMemo, type ReactNode } from 'react';
import { AppEnvironmentProvider, type AppEnvironment } from '../../shared/app-environment';
import { api } from './api-client';
import { STORE_MODULE, type Me } from './auth';
import { BASENAME } from '../app/paths';

/** What shared code (the buyback path) needs to know, from the signed-in user and the current module. */
export function environmentOf(me: Me): AppEnvironment {
  const settings = me.account?.settings;
  return {
    app: 'dashboard',
    api,
    accountId: me.account?.id ?? '',
    currency: me.account?.currency ?? 'EUR',
    channel: 'store',
    // A seller registers buybacks for their store: only the store module has one.
    storeId: me.currentModule === STORE_MODULE ? (me.currentOrganization?.id ?? null) : null,
    settings: {
      customerIdentityDocumentRequired: settings?.customerIdentityDocumentRequired ?? true,
      customerIdCollectionEnabled: settings?.customerIdCollectionEnabled ?? false,
      cartMinValueInCents: settings?.cartMinValueInCents ?? 0,
      categoryNavigationEnabled: settings?.categoryNavigationEnabled ?? false,
      enabledPremiumFeatures: settings?.enabledPremiumFeatures ?? [],
    },
    href: (path) => `${BASENAME}${path.startsWith('/') ? path : `/${path}`}`,
  };
}

export function DashboardEnvironment({ me, children }: { me: Me; children: ReactNode }) {
  const value = useMemo(() => environmentOf(me), [me]);
  return <AppEnvironmentProvider value={value}>{children}</AppEnvironmentProvider>;
}
