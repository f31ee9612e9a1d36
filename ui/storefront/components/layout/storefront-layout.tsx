import { Box, Flex, SkipNavContent, SkipNavLink } from '@chakra-ui/react';
import { Suspense, useEffect, useRef, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { ConsentManager } from '../../features/consent/consent-manager';
import { Loading } from '../loading';
import { PAGE_TITLE_ID } from '../page-header';
import { BackToClientWebsite } from './back-to-client-website';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** After a client-side navigation, focus moves to the new page's title (or the main landmark), as a page load would. */
function useFocusOnNavigation(main: RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const frame = requestAnimationFrame(() => {
      const title = document.getElementById(PAGE_TITLE_ID);
      (title ?? main.current)?.focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [pathname, main]);
}

export function StorefrontLayout() {
  const { t } = useTranslation('app');
  const main = useRef<HTMLElement>(null);
  const navigation = useNavigation();
  useFocusOnNavigation(main);
  return (
    <Flex direction="column" minH="100dvh">
      <SkipNavLink>{t('skipToContent')}</SkipNavLink>
      <SiteHeader />
      {/* At least a screen high, so the footer starts below the fold: what a page shows once its data arrives (results,
          categories) pushes nothing visible down (no layout shift). */}
      <Box as="main" ref={main} tabIndex={-1} flex="1" minH="100dvh" outline="none" aria-busy={navigation.state === 'loading'}>
        <SkipNavContent />
        <BackToClientWebsite />
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </Box>
      <SiteFooter />
      <ConsentManager />
      <ScrollRestoration />
    </Flex>
  );
}
