import { Alert, Button, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { useDeferredValue } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Loading } from '../../../components/loading';
import type { ProductPage } from '../../../../shared/buyback-path/types';
import { ProductCard } from './product-card';

interface Props {
  data: ProductPage | undefined;
  isPending: boolean;
  error: Error | null;
  /** Builds the link to another page of the same list. */
  pageLink(page: number): string;
  /** Said when nothing matches. */
  empty: string;
  /** The cards' heading level under the page's own headings. */
  headingLevel?: 'h2' | 'h3';
}

/** A page of products as a list of cards, its total, and previous/next page links. */
export function ProductList({ data: arrived, isPending, error, pageLink, empty, headingLevel }: Props) {
  const { t } = useTranslation('catalog');
  // The cards' render is deferred: React does it in slices (a transition) instead of one long task when the page arrives.
  const data = useDeferredValue(arrived);
  if (error) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{error.message || t('list.error')}</Alert.Title>
      </Alert.Root>
    );
  }
  if (isPending || !data) return <Loading />;
  if (data.totalItems === 0) return <Text data-testid="product-list-empty">{empty}</Text>;

  const pages = Math.max(1, Math.ceil(data.totalItems / data.itemsPerPage));
  return (
    <>
      <Text role="status" color="fg.muted" data-testid="product-count">
        {t('list.count', { count: data.totalItems })}
      </Text>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3, xl: 4 }} gap={4} aria-label={t('list.label')}>
        {data.items.map((product) => (
          <ProductCard key={product.id} product={product} headingLevel={headingLevel} />
        ))}
      </SimpleGrid>
      {pages > 1 && (
        <HStack as="nav" aria-label={t('list.pagination')} justify="center" gap={4}>
          {data.page > 1 && (
            <Button asChild variant="outline">
              <RouterLink to={pageLink(data.page - 1)}>{t('list.previous')}</RouterLink>
            </Button>
          )}
          <Text aria-current="page">{t('list.page', { page: data.page, pages })}</Text>
          {data.page < pages && (
            <Button asChild variant="outline">
              <RouterLink to={pageLink(data.page + 1)}>{t('list.next')}</RouterLink>
            </Button>
          )}
        </HStack>
      )}
    </>
  );
}
