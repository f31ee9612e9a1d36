import { Button, chakra, Flex, HStack, NativeSelect, Text } from '@chakra-ui/react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@server/application/views/schema';

interface ListPaginationProps {
  /** The feature's namespace: `list.pagination`, `list.pageSize`, `list.pageOf`, `list.page`, `list.previous`, `list.next`. */
  ns: string;
  page: ListPage<unknown>;
  pageSizes: readonly number[];
  onPage(page: number): void;
  onPageSize(size: number): void;
}

/**
 * "Page 2 of 7" while the total is exact, "Page 2" when it is not (past the
 * API's counting limit, or a partial page); previous and next from the page's
 * own hasNextPage; the page-size choices.
 */
export function ListPagination({ ns, page, pageSizes, onPage, onPageSize }: ListPaginationProps) {
  const { t, i18n } = useTranslation(ns);
  const sizeId = useId();
  const number = new Intl.NumberFormat(i18n.language);
  const pages = page.totalItems !== null && !page.totalItemsIsLowerBound ? Math.max(1, Math.ceil(page.totalItems / page.itemsPerPage)) : null;

  return (
    <Flex as="nav" aria-label={t('list.pagination')} align="center" justify="space-between" gap="3" wrap="wrap" mt="4">
      <HStack gap="2">
        <chakra.label htmlFor={sizeId} fontSize="sm">
          {t('list.pageSize')}
        </chakra.label>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field id={sizeId} value={String(page.itemsPerPage)} onChange={(e) => onPageSize(Number(e.target.value))}>
            {pageSizes.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <HStack gap="2" wrap="wrap">
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

/** "42 buybacks", "10 000+ buybacks" past the exact count, nothing for a partial page (no count). */
export function totalText(page: ListPage<unknown>, language: string, t: (key: string, options: Record<string, unknown>) => string): string {
  if (page.totalItems === null) return '';
  const number = new Intl.NumberFormat(language);
  const formatted = page.totalItemsIsLowerBound ? `${number.format(page.totalItems)}+` : number.format(page.totalItems);
  return t('list.total', { count: page.totalItems, formatted });
}
