import { Box, Breadcrumb, Flex, Heading, HStack, Link } from '@chakra-ui/react';
import { Fragment, useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

export interface Crumb {
  label: string;
  /** A path inside the dashboard; the last crumb (the current page) has none. */
  to?: string;
}

interface PageProps {
  title: string;
  breadcrumbs?: Crumb[];
  /** Shown next to the title (a status badge…). */
  titleAddon?: ReactNode;
  /** The page's action buttons. */
  actions?: ReactNode;
  children?: ReactNode;
}

/**
 * A dashboard screen: the subheader of the specification (breadcrumbs, title,
 * action buttons), then the content. The document title follows the page.
 */
export function Page({ title, breadcrumbs = [], titleAddon, actions, children }: PageProps) {
  const { t } = useTranslation('app');
  useEffect(() => {
    document.title = `${title} · ${t('meta.title')}`;
  }, [title, t]);
  const crumbs: Crumb[] = [{ label: t('breadcrumbs.home'), to: '/home' }, ...breadcrumbs];

  return (
    <Box>
      <Box as="section" aria-label={t('breadcrumbs.subheader')} pb="5" mb="6" borderBottomWidth="1px">
        <Breadcrumb.Root aria-label={t('breadcrumbs.label')} size="sm" mb="2">
          <Breadcrumb.List>
            {crumbs.map((crumb, index) => (
              <Fragment key={`${crumb.label}-${index}`}>
                {index > 0 && <Breadcrumb.Separator />}
                <Breadcrumb.Item>
                  {crumb.to && index < crumbs.length - 1 ? (
                    <Breadcrumb.Link asChild>
                      <RouterLink to={crumb.to}>{crumb.label}</RouterLink>
                    </Breadcrumb.Link>
                  ) : (
                    <Breadcrumb.CurrentLink>{crumb.label}</Breadcrumb.CurrentLink>
                  )}
                </Breadcrumb.Item>
              </Fragment>
            ))}
          </Breadcrumb.List>
        </Breadcrumb.Root>
        <Flex gap="4" align="center" wrap="wrap">
          {/* Grows from the title's own width (not from 0), so on a narrow screen the actions wrap below it instead of covering it. */}
          <HStack gap="3" flex="1 1 auto" minW="0" wrap="wrap">
            <Heading as="h1" size="2xl" id="page-title" tabIndex={-1} outline="none">
              {title}
            </Heading>
            {titleAddon}
          </HStack>
          {actions && <HStack gap="2" wrap="wrap">{actions}</HStack>}
        </Flex>
      </Box>
      {children}
    </Box>
  );
}

/** Where focus goes when what had it disappears (a dialog's trigger gone after its command). */
export const pageTitle = (): HTMLElement | null => document.getElementById('page-title');

/** A link to a dashboard route, styled as a link. */
export function AppLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link asChild colorPalette="brand" color="brand.fg" textDecoration="underline">
      <RouterLink to={to}>{children}</RouterLink>
    </Link>
  );
}
