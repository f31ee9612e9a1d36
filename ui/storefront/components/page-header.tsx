import { Box, Breadcrumb, Container, Heading, HStack, Link, type LinkProps } from '@chakra-ui/react';
import { Fragment, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PAGE_DESCRIPTIONS, setCanonical, setMetaDescription, type DescribedPage, type DescriptionValues } from '../app/page-descriptions';
import { useOptionalWhiteLabel } from '../lib/white-label';

export interface Crumb {
  label: string;
  to?: string;
}

/** The element the layout moves focus to after a navigation, so screen readers start at the new page's title. */
export const PAGE_TITLE_ID = 'page-title';

/**
 * The subheader of every page: breadcrumbs (home first), the page's one h1,
 * optional actions; it also names the browser tab and describes the page
 * (meta description, app/page-descriptions.ts), again on each navigation and
 * language change, and gives the page's canonical address when it has one.
 */
export function PageHeader({
  title,
  crumbs = [],
  actions,
  page = 'default',
  describe = {},
  canonical = null,
}: {
  title: string;
  crumbs?: Crumb[] | null;
  actions?: ReactNode;
  /** Which page this is, for its meta description. */
  page?: DescribedPage;
  /** What the description names besides the retailer. */
  describe?: DescriptionValues;
  /** The page's address for search engines (pages meant to be found: home, categories, a product's diagnosis); none elsewhere. */
  canonical?: string | null;
}) {
  const { t } = useTranslation('app');
  const config = useOptionalWhiteLabel();
  // The home page is the root of every trail: it has none of its own (crumbs null).
  const trail: Crumb[] = crumbs ? [{ label: t('breadcrumbs.home'), to: '/' }, ...crumbs, { label: title }] : [];
  const { category, search } = describe;

  useEffect(() => {
    document.title = config ? t('pageTitle', { page: title, site: config.name }) : title;
    setMetaDescription(t(PAGE_DESCRIPTIONS[page], { name: config?.name ?? '', category, search }));
  }, [config, t, title, page, category, search]);

  useEffect(() => {
    setCanonical(canonical);
    return () => setCanonical(null);
  }, [canonical]);

  return (
    <Box bg="brand.subtle" borderBottomWidth="1px" borderColor="brand.muted" py={{ base: 4, md: 6 }}>
      <Container maxW="6xl">
        {trail.length > 0 && (
          <Breadcrumb.Root aria-label={t('breadcrumbs.label')} size="sm" mb={2}>
            <Breadcrumb.List flexWrap="wrap">
              {trail.map((crumb, index) => (
                <Fragment key={`${index}-${crumb.label}`}>
                  {index > 0 && <Breadcrumb.Separator />}
                  <Breadcrumb.Item>
                    {index === trail.length - 1 || !crumb.to ? (
                      <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
                    ) : (
                      <Breadcrumb.Link asChild color="secondary.fg">
                        <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                      </Breadcrumb.Link>
                  )}
                </Breadcrumb.Item>
              </Fragment>
            ))}
          </Breadcrumb.List>
        </Breadcrumb.Root>
        )}
        <HStack justify="space-between" align="center" gap={4} flexWrap="wrap">
          <Heading as="h1" id={PAGE_TITLE_ID} tabIndex={-1} size={{ base: 'xl', md: '2xl' }} outline="none">
            {title}
          </Heading>
          {actions && <HStack gap={2}>{actions}</HStack>}
        </HStack>
      </Container>
    </Box>
  );
}

/** A link inside the app, styled as a Chakra link. */
export function AppLink({ to, children, ...rest }: { to: string; children: ReactNode } & Omit<LinkProps, 'href'>) {
  return (
    <Link asChild color="secondary.fg" textDecoration="underline" {...rest}>
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
