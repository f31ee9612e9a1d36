import { Alert, Box, Center, Flex, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPage } from '@server/application/views/schema';
import { activeFilterCount, type ListDefinition, type ListParams } from '../../hooks/use-list-params';
import { ListPagination, totalText } from './list-pagination';
import { SortableTable, type ListColumn } from './sortable-table';

interface ListScreenProps<T, F extends object, S extends string> {
  /**
   * The feature's namespace, whose `list.*` texts the screen shows: caption,
   * total_one / total_other ({{formatted}}), loadFailed, empty, emptyFiltered,
   * pagination, pageSize, pageOf, page, previous, next, sortAscending,
   * sortDescending.
   */
  ns: string;
  definition: ListDefinition<F, S>;
  params: ListParams<F, S>;
  onParams(next: ListParams<F, S>): void;
  /** The page's query (TanStack Query), kept on screen while the next one loads. */
  query: { data?: ListPage<T>; isError: boolean; isFetching: boolean };
  /** The filters bar (FiltersBar), above the total. */
  filters?: ReactNode;
  columns: ReadonlyArray<ListColumn<T, S>>;
  rowKey(row: T): string;
  rowTestId?: string;
  totalTestId?: string;
}

/**
 * A list screen below its page header: the filters, the total ("10 000+"
 * past the API's counting limit, none for a partial page), the table with its
 * sortable columns, the pagination with its page sizes, and the loading,
 * error and empty states. Everything it shows comes from `params` (the URL).
 */
export function ListScreen<T, F extends object, S extends string>({
  ns,
  definition,
  params,
  onParams,
  query,
  filters,
  columns,
  rowKey,
  rowTestId,
  totalTestId,
}: ListScreenProps<T, F, S>) {
  const { t, i18n } = useTranslation([ns, 'common']);
  const page = query.data;

  return (
    <Box minW="0">
      {filters}
      <Flex justify="space-between" align="center" mb="2" minH="6" gap="2">
        <Text fontWeight="medium" aria-live="polite" data-testid={totalTestId}>
          {page ? totalText(page, i18n.language, (key, options) => t(`${ns}:${key}`, options)) : ''}
        </Text>
        {query.isFetching && (
          <Flex align="center" gap="2" role="status">
            <Spinner size="sm" aria-hidden />
            <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
          </Flex>
        )}
      </Flex>
      {query.isError && !page ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t(`${ns}:list.loadFailed`)}</Alert.Title>
        </Alert.Root>
      ) : !page ? (
        <Center py="10">
          <Spinner aria-hidden />
          <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
        </Center>
      ) : page.items.length === 0 ? (
        <Box bg="bg" borderWidth="1px" borderRadius="md" p="8" textAlign="center">
          <Text>{activeFilterCount(params.filters) > 0 ? t(`${ns}:list.emptyFiltered`) : t(`${ns}:list.empty`)}</Text>
        </Box>
      ) : (
        <>
          <SortableTable
            ns={ns}
            columns={columns}
            rows={page.items}
            rowKey={rowKey}
            sort={params.sort}
            direction={params.direction}
            onSort={(sort, direction) => onParams({ ...params, sort, direction, page: 1 })}
            rowTestId={rowTestId}
          />
          <ListPagination
            ns={ns}
            page={page}
            pageSizes={definition.pageSizes}
            onPage={(next) => onParams({ ...params, page: next })}
            onPageSize={(itemsPerPage) => onParams({ ...params, itemsPerPage, page: 1 })}
          />
        </>
      )}
    </Box>
  );
}
