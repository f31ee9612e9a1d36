import { Box, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { AppLink, PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { CategoryShortcuts } from '../../features/catalog/components/category-shortcuts';
import { SearchForm } from '../../features/catalog/components/search-form';
import { HomeWidgets } from '../../features/home-page/home-widgets';
import { useStorefrontHomePage } from '../../features/home-page/use-home-page';
import { useWhiteLabel } from '../../lib/white-label';
import { paths } from '../paths';

/**
 * The storefront's home: the retailer's home page widgets when it is on
 * (specification 002 §3, GET /api/white-label/home-page, asked for with the
 * configuration at start-up), else the default home; the categories last.
 */
export function Component() {
  const { t } = useTranslation('catalog');
  const { name, categoryNavigationEnabled } = useWhiteLabel();
  const home = useStorefrontHomePage();
  return (
    <>
      <PageHeader title={t('home.title', { name })} crumbs={null} page="home" canonical={paths.home.to()} />
      <PageBody>
        {home?.enabled ? <HomeWidgets home={home} /> : home !== undefined && <DefaultHome />}
        {/* Last: the categories arrive after the first paint, and below everything else they move nothing into view. */}
        {categoryNavigationEnabled && <CategoryShortcuts />}
      </PageBody>
    </>
  );
}

/** The home without a configured home page: the search, how it works. */
function DefaultHome() {
  const { t } = useTranslation('catalog');
  const { categoryNavigationEnabled } = useWhiteLabel();
  return (
    <>
      <Box bg="bg.subtle" borderRadius="lg" p={{ base: 4, md: 8 }}>
        <Stack gap={3}>
          <Text fontSize={{ base: 'md', md: 'lg' }}>{t('home.intro')}</Text>
          <SearchForm />
          {categoryNavigationEnabled && <AppLink to={paths.categories.to()}>{t('home.browseCategories')}</AppLink>}
        </Stack>
      </Box>
      <Stack as="section" aria-labelledby="home-steps" gap={3}>
        <Heading as="h2" id="home-steps" size="lg">
          {t('home.stepsTitle')}
        </Heading>
        <List.Root as="ol" gap={2} ps={5}>
          <List.Item>{t('home.steps.estimate')}</List.Item>
          <List.Item>{t('home.steps.send')}</List.Item>
          <List.Item>{t('home.steps.check')}</List.Item>
          <List.Item>{t('home.steps.paid')}</List.Item>
        </List.Root>
      </Stack>
    </>
  );
}
