import { Box, Button, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductSearch } from '../../api/search-products';
import type { Product } from '../../types';
import { ApiErrorAlert } from '../api-error-alert';
import { sameGtin } from './barcode';
import { CameraScanButton } from './camera-scan';
import { Pager } from './pager';
import { ProductList } from './product-list';
import { useBarcodeWedge } from './use-barcode-wedge';

const PAGE_SIZE = 12;

/**
 * Search by keyword (label, brand, model or EAN), results paged; and by
 * barcode: a keyboard-wedge scanner types into the field (its burst and
 * Enter are told apart from typing), or the camera reads it where the
 * browser can. A scanned code shows the products with exactly that EAN, and
 * the field keeps the focus, its text selected, ready for the next scan.
 */
export function KeywordSearch({ onSelect, action, initial = '' }: { onSelect?(product: Product): void; action?(product: Product): ReactNode; initial?: string }) {
  const { t } = useTranslation('buyback-path');
  const [typed, setTyped] = useState(initial);
  const [search, setSearch] = useState<string | null>(initial.trim() ? initial.trim() : null);
  /** The code last scanned, while it is what the results are for. */
  const [scanned, setScanned] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const input = useRef<HTMLInputElement>(null);
  const results = useProductSearch({ search: search ?? '', page, itemsPerPage: PAGE_SIZE }, search !== null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
    setScanned(null);
    setPage(1);
  };

  const scan = (code: string) => {
    setTyped(code);
    setSearch(code);
    setScanned(code);
    setPage(1);
    requestAnimationFrame(() => input.current?.select());
  };
  const onKeyDown = useBarcodeWedge(scan);

  const byScan = scanned !== null && scanned === search;
  /** The products of the previous search, shown while a new page loads, are not a scanned code's. */
  const waitingForScan = byScan && results.isPlaceholderData;
  // The keyword search also finds an EAN inside longer texts: a scan wants the products with exactly that code.
  const items = !results.data || waitingForScan ? [] : byScan ? results.data.items.filter((product) => sameGtin(product.ean, scanned)) : results.data.items;

  return (
    <Stack gap={5}>
      <chakra.form role="search" onSubmit={submit}>
        <Field.Root>
          <Field.Label>{t('search.keyword.label')}</Field.Label>
          <HStack w="full" gap={2}>
            <Input ref={input} type="search" name="search" value={typed} onChange={(event) => setTyped(event.target.value)} onKeyDown={onKeyDown} maxLength={255} autoComplete="off" />
            <Button type="submit" colorPalette="brand">
              {t('search.keyword.submit')}
            </Button>
          </HStack>
          <Field.HelperText>{t('search.keyword.help')}</Field.HelperText>
        </Field.Root>
      </chakra.form>
      <Box _empty={{ display: 'none' }}>
        <CameraScanButton onScan={scan} />
      </Box>
      <Box aria-live="polite">
        {results.isFetching && (!results.data || waitingForScan) ? (
          <Text>{t('search.searching')}</Text>
        ) : results.data && byScan ? (
          <Text fontWeight="semibold" data-testid="scan-result">
            {items.length > 0 ? t('scan.found', { code: scanned, count: items.length }) : t('scan.none', { code: scanned })}
          </Text>
        ) : results.data && search !== null && !byScan ? (
          <Text fontWeight="semibold">{t('search.count', { count: results.data.totalItems })}</Text>
        ) : null}
      </Box>
      {results.isError && <ApiErrorAlert error={results.error} onRetry={() => results.refetch()} />}
      {results.data && search !== null && (
        <>
          <ProductList products={items} onSelect={onSelect} action={action} />
          {!byScan && <Pager page={page} pageSize={PAGE_SIZE} total={results.data.totalItems} onPage={setPage} />}
        </>
      )}
    </Stack>
  );
}
