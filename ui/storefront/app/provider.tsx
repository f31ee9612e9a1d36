import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { StrictMode, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import type { AppEnvironment } from '../../shared/app-environment';
import { DesignSystemProvider } from '../../shared/theme/provider';
import { api } from '../lib/api';
import type { WhiteLabelConfig } from '../lib/white-label';

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        // A refusal (4xx) will not change by asking again; a network or server failure might.
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
      },
    },
  });
}

/** What the shared buyback-path code needs to know: web channel, no store, the retailer's settings. */
export function storefrontEnvironment(config: WhiteLabelConfig): AppEnvironment {
  return {
    app: 'storefront',
    api,
    accountId: config.accountId,
    currency: config.currency,
    channel: 'web',
    storeId: null,
    settings: {
      customerIdentityDocumentRequired: config.customerIdentityDocumentRequired,
      customerIdCollectionEnabled: config.customerIdCollectionEnabled ?? false,
      cartMinValueInCents: config.cartMinValueInCents,
      categoryNavigationEnabled: config.categoryNavigationEnabled,
      enabledPremiumFeatures: config.enabledPremiumFeatures ?? [],
    },
    href: (path) => path,
  };
}

/** What every screen needs, /not-available included; the retailer's configuration comes with the layout route. */
export function AppProvider({ i18n, queryClient, children }: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <DesignSystemProvider app="storefront">
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </DesignSystemProvider>
    </I18nextProvider>
  );
}

/**
 * The storefront's tree around its router, the same in the browser
 * (app/start.tsx) as on the server (app/server.tsx): a server-rendered page
 * hydrates only into the very tree that rendered it (its Suspense boundaries
 * included).
 */
export function StorefrontRoot({ i18n, queryClient, children }: { i18n: I18n; queryClient: QueryClient; children: ReactNode }) {
  return (
    <StrictMode>
      <AppProvider i18n={i18n} queryClient={queryClient}>
        <Suspense fallback={null}>{children}</Suspense>
      </AppProvider>
    </StrictMode>
  );
}
