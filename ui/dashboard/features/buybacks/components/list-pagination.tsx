import { Button, chakra, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZES } from '../list-params';
import type { BuybackListPage } from '../types';

interface Props {
  page: BuybackListPage;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** "Page 2 of 7", previous and next (from hasNextPage), page size. Totals beyond 10,000 read "10 000+". */
export function ListPagination({ page, onPage, onPageSize }: Props) {
  const { t, i18n } = useTranslation('buybacks');
  const number = new Intl.NumberFormat(i18n.language);
  const pages = page.totalItems !== null && !page.totalItemsIsLowerBound ? Math.max(1, Math.ceil(page.totalItems / page.itemsPerPage)) : null;

  return (
    <Flex as="nav" aria-label={t('list.pagination')} align="center" justify="space-between" gap="4" wrap="wrap" mt="4">
      <HStack gap="2">
        <chakra.label htmlFor="buybacks-page-size" fontSize="sm">
          {t('list.pageSize')}
        </chakra.label>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field id="buybacks-page-size" value={String(page.itemsPerPage)} onChange={(e) => onPageSize(Number(e.target.value))}>
            {PAGE_SIZES.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="3">
        <Text fontSize="sm" aria-live="polite">
          {pages ? t('list.pageOf', { page: number.format(page.page), pages: number.format(pages) }) : t('list.page', { page: number.format(page.page) })}
        </Text>
        <Button size="sm" variant="outline" disabled={page.page <= 1} onClick={() => onPage(page.page - 1)}>
          {t('list.previous')}
        </Button>
        <Button size="sm" variant="outline" disabled={!page.hasNextPage} onClick={() => onPage(page.page + 1)}>
          {t('list.next')}
        </Button>
      </HStack>
    </Flex>
  );
}

/** "42 buybacks", or "10 000+ buybacks" past the exact count. */
export function totalText(page: BuybackListPage, language: string, t: (key: string, options: Record<string, unknown>) => string): string {
  const number = new Intl.NumberFormat(language);
  if (page.totalItems === null) return '';
  const count = page.totalItemsIsLowerBound ? `${number.format(page.totalItems)}+` : number.format(page.totalItems);
  return t('list.total', { count: page.totalItems, formatted: count });
}
