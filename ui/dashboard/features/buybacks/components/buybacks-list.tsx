import { Alert, Box, Center, Flex, Spinner, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useBuybacks } from '../api/get-buybacks';
import { useListParams } from '../hooks/use-list-params';
import { activeFilterCount } from '../list-params';
import { BuybackFilters } from './buyback-filters';
import { BuybacksTable } from './buybacks-table';
import { ListPagination, totalText } from './list-pagination';

/** The buyback list: filters, the page of results, paging. Everything it shows is in the URL. */
export function BuybacksList({ detailPath }: { detailPath: (id: string) => string }) {
  const { t, i18n } = useTranslation(['buybacks', 'api', 'common']);
  const [params, setParams] = useListParams();
  const list = useBuybacks(params);
  const page = list.data;

  return (
    <Box>
      <BuybackFilters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />
      <Flex justify="space-between" align="center" mb="2" minH="6">
        <Text fontWeight="medium" aria-live="polite" data-testid="buybacks-total">
          {page ? totalText(page, i18n.language, t) : ''}
        </Text>
        {list.isFetching && (
          <Flex align="center" gap="2" role="status">
            <Spinner size="sm" aria-hidden />
            <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
          </Flex>
        )}
      </Flex>
      {list.isError && !list.data ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('buybacks:list.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : !page ? (
        <Center py="10">
          <Spinner aria-hidden />
          <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
        </Center>
      ) : page.items.length === 0 ? (
        <Box bg="bg" borderWidth="1px" borderRadius="md" p="8" textAlign="center">
          <Text>{activeFilterCount(params.filters) > 0 ? t('buybacks:list.emptyFiltered') : t('buybacks:list.empty')}</Text>
        </Box>
      ) : (
        <>
          <BuybacksTable
            items={page.items}
            sort={params.sort}
            direction={params.direction}
            onSort={(sort, direction) => setParams({ ...params, sort, direction, page: 1 })}
            detailPath={detailPath}
          />
          <ListPagination
            page={page}
            onPage={(next) => setParams({ ...params, page: next })}
            onPageSize={(itemsPerPage) => setParams({ ...params, itemsPerPage, page: 1 })}
          />
        </>
      )}
    </Box>
  );
}
