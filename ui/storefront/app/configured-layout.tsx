import { useMemo } from 'react';
import { useLoaderData } from 'react-router';
import { AppEnvironmentProvider } from '../../shared/app-environment';
import { StorefrontLayout } from '../components/layout/storefront-layout';
import { WhiteLabelProvider, type WhiteLabelConfig } from '../lib/white-label';
import { storefrontEnvironment } from './provider';

/** Every page but /not-available: the retailer's configuration (from the loader) around the layout. */
export function ConfiguredLayout() {
  const config = useLoaderData() as WhiteLabelConfig;
  const environment = useMemo(() => storefrontEnvironment(config), [config]);
  return (
    <WhiteLabelProvider value={config}>
      <AppEnvironmentProvider value={environment}>
        <StorefrontLayout />
      </AppEnvironmentProvider>
    </WhiteLabelProvider>
  );
}
