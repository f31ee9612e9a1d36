import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { Toaster } from '../../components/toaster';
import { ServerErrorModal, SessionExpiredModal } from './app-modals';

/** Every screen, signed in or not, with the app-wide modals and notifications. */
export function RootLayout() {
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
      <ServerErrorModal />
      <SessionExpiredModal />
      <Toaster />
    </>
  );
}

export function PageSpinner() {
  const { t } = useTranslation('common', { useSuspense: false });
  return (
    <Center minH="50vh" role="status">
      <Spinner size="lg" color="brand.solid" aria-hidden />
      <VisuallyHidden>{t('states.loading')}</VisuallyHidden>
    </Center>
  );
}
