import { Box, Button, Container, Flex, HStack, Image, Link, Stack } from '@chakra-ui/react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../app/paths';
import { useWhiteLabel } from '../../lib/white-label';
import { CartLink } from './cart-link';
import { LanguageSwitch } from '../../../shared/components/language-switch';

function useNavigation() {
  const { t } = useTranslation('app');
  const { categoryNavigationEnabled } = useWhiteLabel();
  return [
    { to: paths.search.to(), label: t('header.nav.search') },
    ...(categoryNavigationEnabled ? [{ to: paths.categories.to(), label: t('header.nav.categories') }] : []),
    { to: paths.faq.to(), label: t('header.nav.faq') },
  ];
}

/**
 * The retailer's logo, at most 250x50 on desktop and 150x30 on mobile, linking home. Its box has that size from
 * the first paint (width and height attributes, the logo fitted inside): nothing moves when the file arrives,
 * whatever its proportions (Lighthouse's unsized-images, CLS).
 */
function Logo() {
  const { t } = useTranslation('app');
  const { logo, name } = useWhiteLabel();
  return (
    <Link asChild fontWeight="bold" fontSize="lg" color="fg" data-testid="site-logo">
      <RouterLink to={paths.home.to()} aria-label={t('header.home', { name })}>
        {logo ? (
          <Image
            src={logo}
            alt={name}
            htmlWidth={250}
            htmlHeight={50}
            height={{ base: '30px', md: '50px' }}
            width={{ base: '150px', md: '250px' }}
            objectFit="contain"
            objectPosition="left center"
          />
        ) : (
          name
        )}
      </RouterLink>
    </Link>
  );
}

/** Header: logo, main navigation and language switch; on mobile the navigation folds into a menu button. */
export function SiteHeader() {
  const { t } = useTranslation('app');
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);

  const links = (direction: 'row' | 'column') =>
    navigation.map((item) => (
      <Link
        key={item.to}
        asChild
        px={direction === 'row' ? 2 : 0}
        py={direction === 'row' ? 1 : 2}
        color="fg"
        fontWeight="medium"
        css={{ '&[aria-current=page]': { color: 'var(--chakra-colors-brand-fg)', textDecoration: 'underline' } }}
      >
        <NavLink to={item.to}>{item.label}</NavLink>
      </Link>
    ));

  return (
    <Box as="header" bg="bg" borderTopWidth="4px" borderTopColor="brand.solid" borderBottomWidth="1px" borderBottomColor="border">
      <Container maxW="6xl">
        <Flex minH={{ base: '56px', md: '72px' }} align="center" justify="space-between" gap={4}>
          <Logo />
          <HStack as="nav" aria-label={t('header.nav.label')} gap={2} display={{ base: 'none', md: 'flex' }}>
            {links('row')}
            <CartLink />
            <LanguageSwitch />
          </HStack>
          <HStack display={{ base: 'flex', md: 'none' }} gap={1}>
            <CartLink />
            <Button variant="outline" size="sm" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((value) => !value)}>
              {open ? t('header.closeMenu') : t('header.openMenu')}
            </Button>
          </HStack>
        </Flex>
        {open && (
          <Stack id={menuId} as="nav" aria-label={t('header.nav.label')} display={{ md: 'none' }} pb={4} gap={1} data-testid="mobile-menu">
            {links('column')}
            <LanguageSwitch />
          </Stack>
        )}
      </Container>
    </Box>
  );
}
