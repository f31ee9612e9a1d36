import { Box, Button, chakra, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppEnvironment } from '../../../app-environment';
import { PremiumBadge } from '../../../components/premium-badge';
import { SCAN_FEATURE, useProductsByBarcode } from '../../api/find-products-by-barcode';
import { useProductSearch } from '../../api/search-products';
import type { Product } from '../../types';
import { ApiErrorAlert } from '../api-error-alert';
import { CameraScanButton } from './camera-scan';
import { Pager } from './pager';
import { ProductList } from './product-list';
import { useBarcodeWedge } from './use-barcode-wedge';

const PAGE_SIZE = 12;

/**
 * Search by keyword (label, brand, model or EAN), results paged; and, with
 * the scan search bar (premium feature scan_searchbar), by barcode: a
 * keyboard-wedge scanner types into the field (its burst and Enter are told
 * apart from typing), or the camera reads it where the browser can. A
 * scanned code shows the products with exactly that EAN (GET
 * /products/by-barcode), and the field keeps the focus, its text selected,
 * ready for the next scan. Without the feature a scan is typing like any
 * other, and the dashboard says scanning is premium.
 */
export function KeywordSearch({ onSelect, action, initial = '' }: { onSelect?(product: Product): void; action?(product: Product): ReactNode; initial?: string }) {
  const { t } = useTranslation('buyback-path');
  const [typed, setTyped] = useState(initial);
  const [search, setSearch] = useState<string | null>(initial.trim() ? initial.trim() : null);
  /** The code last scanned, while it is what the results are for. */
  const [scanned, setScanned] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const input = useRef<HTMLInputElement>(null);
  const { app, settings } = useAppEnvironment();
  const scanEnabled = settings.enabledPremiumFeatures.includes(SCAN_FEATURE);
  const byScan = scanned !== null && scanned === search;
  const results = useProductSearch({ search: search ?? '', page, itemsPerPage: PAGE_SIZE }, search !== null && !byScan);
  const barcode = useProductsByBarcode(byScan ? scanned : null);

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
  // A scan wants the products with exactly that code (the keyword search also finds an EAN inside longer texts).
  const items = byScan ? (barcode.data?.items ?? []) : (results.data?.items ?? []);

  return (
    <Stack gap={5}>
      <chakra.form role="search" onSubmit={submit}>
        <Field.Root>
          <Field.Label>{t('search.keyword.label')}</Field.Label>
          <HStack w="full" gap={2}>
            <Input ref={input} type="search" name="search" value={typed} onChange={(event) => setTyped(event.target.value)} onKeyDown={scanEnabled ? onKeyDown : undefined} maxLength={255} autoComplete="off" />
            <Button type="submit" colorPalette="brand">
              {t('search.keyword.submit')}
            </Button>
          </HStack>
          <Field.HelperText>{t('search.keyword.help')}</Field.HelperText>
        </Field.Root>
      </chakra.form>
      <Box _empty={{ display: 'none' }}>
        {scanEnabled ? (
          <CameraScanButton onScan={scan} />
        ) : (
          app === 'dashboard' && (
            <HStack gap={2} data-testid="scan-premium">
              <PremiumBadge feature={SCAN_FEATURE} />
              <Text color="fg.muted">{t('scan.premium')}</Text>
            </HStack>
          )
        )}
      </Box>
      <Box aria-live="polite">
        {(byScan ? barcode.isFetching && !barcode.data : results.isFetching && !results.data) ? (
          <Text>{t('search.searching')}</Text>
        ) : barcode.data && byScan ? (
          <Text fontWeight="semibold" data-testid="scan-result">
            {items.length > 0 ? t('scan.found', { code: scanned, count: items.length }) : t('scan.none', { code: scanned })}
          </Text>
        ) : results.data && search !== null && !byScan ? (
          <Text fontWeight="semibold">{t('search.count', { count: results.data.totalItems })}</Text>
        ) : null}
      </Box>
      {!byScan && results.isError && <ApiErrorAlert error={results.error} onRetry={() => results.refetch()} />}
      {byScan && barcode.isError && <ApiErrorAlert error={barcode.error} onRetry={() => barcode.refetch()} />}
      {(byScan ? barcode.data : results.data) && search !== null && (
        <>
          <ProductList products={items} onSelect={onSelect} action={action} />
          {!byScan && results.data && <Pager page={page} pageSize={PAGE_SIZE} total={results.data.totalItems} onPage={setPage} />}
        </>
      )}
    </Stack>
  );
}
