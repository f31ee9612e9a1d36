import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useStocks } from '../../../components/warehouse-item/api/get-stocks';
import { ScanCodeField, selectForNext } from '../../../components/scan-code-field';
import { readItemCode, type CodeProblem } from '../../../components/warehouse-item/read-item-code';
import { stockLabel } from '../../../components/warehouse-item/stock-label';
import { ScanList } from '../components/scan-list';
import { StockChoice } from '../components/stock-choice';
import { useStockScans } from '../components/use-stock-scans';

/**
 * /stocks/scan: shelving at scanner speed. The stock is chosen once; then
 * each device scanned goes into it at once (the item's move, with the default
 * reason its history keeps), the field ready for the next; each scan's result
 * is listed, a refusal with what to do, and the last move can be undone.
 */
export function Component() {
  const { t } = useTranslation(['scan-to-stock', 'api']);
  const stocks = useStocks(null);
  const [stockId, setStockId] = useState('');
  const chosen = stocks.data?.find((stock) => stock.id === stockId) ?? null;
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('stocks'), to: '/stocks' }, { label: t('title') }]}>
      <Stack gap={{ base: 5, md: 6 }} maxW="3xl">
        <Text>{t('intro')}</Text>
        {stocks.isError ? (
          <ApiErrorAlert error={stocks.error} onRetry={() => void stocks.refetch()} />
        ) : !stocks.data ? (
          <LoadingStatus />
        ) : (
          <StockChoice stocks={stocks.data} value={stockId} onChange={setStockId} />
        )}
        {chosen && <Scanner key={chosen.id} stockId={chosen.id} stockName={stockLabel(chosen, t)} />}
      </Stack>
    </Page>
  );
}

function Scanner({ stockId, stockName }: { stockId: string; stockName: string }) {
  const { t } = useTranslation(['scan-to-stock', 'api']);
  const input = useRef<HTMLInputElement>(null);
  const scanning = useStockScans(stockId, { move: t('reasons.move', { stock: stockName }), undo: t('reasons.undo') });
  // The stock chosen, the scanner's burst goes straight into the field.
  useEffect(() => input.current?.focus(), []);
  const [typed, setTyped] = useState('');
  const [malformed, setMalformed] = useState<CodeProblem | null>(null);
  const pick = (code: string) => void scanning.submit(code).finally(() => selectForNext(input));
  const undo = () => void scanning.undo().finally(() => selectForNext(input));
  // A code read is sent and the field emptied at once, keeping the focus: the next scan may start before the answer.
  const onCode = (value: string) => {
    const read = readItemCode(value);
    if ('problem' in read) {
      setMalformed(read.problem);
      return selectForNext(input);
    }
    setMalformed(null);
    setTyped('');
    void scanning.submit(read.code);
  };
  return (
    <Stack gap={{ base: 5, md: 6 }}>
      <ScanCodeField
        label={t('code.label')}
        help={t('code.help')}
        submitLabel={t('code.submit')}
        pendingLabel={t('code.submitting')}
        pending={false}
        error={malformed && t(`api:errors.${malformed.code}`, malformed.details)}
        errorTestId="code-problem"
        value={typed}
        onChange={setTyped}
        onCode={onCode}
        inputRef={input}
        camera
      />
      <HStack>
        <Button variant="outline" onClick={undo} disabled={!scanning.canUndo} loading={scanning.undoing} data-testid="scan-undo">
          {t('undo')}
        </Button>
      </HStack>
      <ScanList scans={scanning.scans} moved={scanning.moved} onPick={pick} />
    </Stack>
  );
}
