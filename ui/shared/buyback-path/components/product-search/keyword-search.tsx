import { Box, Button, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductSearch } from '../../api/search-products';
import type { Product } from '../../types';
import { ApiErrorAlert } from '../api-error-alert';
import { Pager } from './pager';
import { ProductList } from './product-list';

const PAGE_SIZE = 12;

/** Search by keyword (label, brand, model or EAN), results paged. */
export function KeywordSearch({ onSelect, action, initial = '' }: { onSelect?(product: Product): void; action?(product: Product): ReactNode; initial?: string }) {
  const { t } = useTranslation('buyback-path');
  const [typed, setTyped] = useState(initial);
  const [search, setSearch] = useState<string | null>(initial.trim() ? initial.trim() : null);
  const [page, setPage] = useState(1);
  const results = useProductSearch({ search: search ?? '', page, itemsPerPage: PAGE_SIZE }, search !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setPage(1);
  };

  return (
    <Stack gap={5}>
      <chakra.form role="search" onSubmit={submit}>
        <Field.Root>
          <Field.Label>{t('search.keyword.label')}</Field.Label>
          <HStack w="full" gap={2}>
            <Input type="search" name="search" value={typed} onChange={(event) => setTyped(event.target.value)} maxLength={255} />
            <Button type="submit" colorPalette="brand">
              {t('search.keyword.submit')}
            </Button>
          </HStack>
          <Field.HelperText>{t('search.keyword.help')}</Field.HelperText>
        </Field.Root>
      </chakra.form>
      <Box aria-live="polite">
        {results.isFetching && !results.data ? (
          <Text>{t('search.searching')}</Text>
        ) : results.data && search !== null ? (
          <Text fontWeight="semibold">{t('search.count', { count: results.data.totalItems })}</Text>
        ) : null}
      </Box>
      {results.isError && <ApiErrorAlert error={results.error} onRetry={() => results.refetch()} />}
      {results.data && search !== null && (
        <>
          <ProductList products={results.data.items} onSelect={onSelect} action={action} />
          <Pager page={page} pageSize={PAGE_SIZE} total={results.data.totalItems} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}
