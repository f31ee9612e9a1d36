import { Box, Button, Flex, HStack, Image, Link, Text } from '@chakra-ui/react';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, Outlet, useLocation } from 'react-router';
import { isLanguage, storedLanguage } from '../../../shared/i18n';
import { isLeavingSession, loginRedirect, useMe, useSession } from '../../lib/auth';
import { applyTenantBranding } from '../../lib/branding';
import { DashboardEnvironment } from '../../lib/environment';
import { paths } from '../paths';
import { Footer } from './footer';
import { LanguageSwitch } from '../../../shared/components/language-switch';
import { MainMenu } from './menu';
import { ProfileMenu } from './profile-menu';
import { PageSpinner } from './root-layout';

/** The signed-in screens; a session ended in another tab sends this one to the login page too. */
export function Component() {
  const session = useSession();
  const { pathname, search } = useLocation();
  if (!session) return isLeavingSession() ? null : <Navigate to={loginRedirect(`${pathname}${search}`)} replace />;
  return <SignedInLayout />;
}

/** The signed-in layout: header, the user's menu (as the API assembles it), the screen, footer. */
function SignedInLayout() {
  const { t, i18n } = useTranslation('app');
  const me = useMe();
  useEffect(() => applyTenantBranding(me), [me]);
  // Until someone picks a language on this browser, the dashboard speaks the user's.
  useEffect(() => {
    if (!storedLanguage() && isLanguage(me.locale) && i18n.language !== me.locale) void i18n.changeLanguage(me.locale);
  }, [me.locale, i18n]);
  // Below the tablet breakpoint the menu folds behind a button; a navigation folds it again.
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <DashboardEnvironment me={me}>
      <Flex direction="column" minH="100vh" bg="bg.subtle">
        <Link
          href="#main-content"
          position="absolute"
          left="2"
          top="-20"
          zIndex="skipLink"
          bg="bg"
          px="3"
          py="2"
          _focus={{ top: '2' }}
        >
          {t('skipToContent')}
        </Link>
        <Box as="header" bg="bg" borderBottomWidth="1px" borderTopWidth="4px" borderTopColor="brand.solid">
          <Flex align="center" gap="4" px={{ base: '3', md: '6' }} py="2" wrap="wrap">
            <RouterLink to={paths.home} aria-label={t('header.homeLink', { name: me.account?.name ?? t('meta.title') })}>
              {me.account?.logo ? (
                <Image src={me.account.logo} alt="" h={{ base: '30px', md: '50px' }} w="auto" maxW={{ base: '150px', md: '250px' }} objectFit="contain" />
              ) : (
                <Text fontWeight="bold">{me.account?.name ?? t('meta.title')}</Text>
              )}
            </RouterLink>
            {me.currentOrganization && (
              <Text color="fg.muted" fontSize="sm" data-testid="current-organization">
                {me.currentOrganization.commonName}
              </Text>
            )}
            <HStack ms="auto" gap="2">
              <Button
                display={{ md: 'none' }}
                size="sm"
                variant="outline"
                aria-expanded={menuOpen}
                aria-controls="main-menu"
                onClick={() => setMenuOpen((open) => !open)}
              >
                {t('menu.toggle')}
              </Button>
              <LanguageSwitch />
              <ProfileMenu me={me} />
            </HStack>
          </Flex>
        </Box>
        <Flex flex="1" direction={{ base: 'column', md: 'row' }}>
          <Box
            as="aside"
            id="main-menu"
            display={{ base: menuOpen ? 'block' : 'none', md: 'block' }}
            bg="bg"
            borderEndWidth={{ md: '1px' }}
            borderBottomWidth={{ base: '1px', md: '0' }}
            w={{ md: '60' }}
            flexShrink={0}
          >
            <MainMenu menu={me.menu} />
          </Box>
          <Box as="main" id="main-content" tabIndex={-1} flex="1" minW="0" px={{ base: '3', md: '8' }} py="6" outline="none">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </Box>
        </Flex>
        <Footer />
      </Flex>
    </DashboardEnvironment>
  );
}
