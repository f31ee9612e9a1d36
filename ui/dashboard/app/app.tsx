import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { DesignSystemProvider } from '../../shared/theme/provider';
import { queryClient } from '../lib/query-client';
import { router } from './router';

/** The providers every screen relies on: texts, data, design system, routes. */
export function App({ i18n }: { i18n: I18n }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <DesignSystemProvider app="dashboard">
          <RouterProvider router={router} />
        </DesignSystemProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
