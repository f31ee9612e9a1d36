import { Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HistoryTable, type HistoryColumn } from '../../../components/history-table';
import { usePriceHistory, useProductHistory } from '../api/products';
import type { PriceHistory, ProductHistory } from '../types';

type PriceEntry = PriceHistory['items'][number];
type Entry = ProductHistory['items'][number];

function useFormats() {
  const { i18n } = useTranslation();
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' });
    const money = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' });
    return { at: (iso: string) => date.format(new Date(iso)), money: (cents: number | null) => (cents === null ? '—' : money.format(cents / 100)) };
  }, [i18n.language]);
}

/** Each change of the prices: when, who, and each state's price before and after (read from the product's events). */
export function PriceHistoryTab({ id }: { id: string }) {
  const { t } = useTranslation('products');
  const query = usePriceHistory(id);
  const format = useFormats();
  const columns = useMemo<Array<HistoryColumn<PriceEntry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => format.at(e.at) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      {
        id: 'changes',
        header: t('history.prices'),
        cell: (e) => (
          <Stack gap="0">
            {e.changes.map((c) => (
              <Text key={c.state} fontSize="sm">
                {t(`states.${c.state}`)} : {format.money(c.before)} → {format.money(c.after)}
              </Text>
            ))}
          </Stack>
        ),
      },
    ],
    [t, format],
  );
  return <HistoryTable query={query} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="product-price-history" />;
}

/** Every event of the product: when, what, who, and the fields it changed. */
export function HistoryTab({ id }: { id: string }) {
  const { t } = useTranslation('products');
  const query = useProductHistory(id);
  const format = useFormats();
  const columns = useMemo<Array<HistoryColumn<Entry>>>(
    () => [
      { id: 'at', header: t('history.at'), nowrap: true, cell: (e) => format.at(e.at) },
      { id: 'type', header: t('history.what'), cell: (e) => t(`history.types.${e.type}`) },
      { id: 'user', header: t('history.who'), cell: (e) => e.user?.name ?? t('history.system') },
      {
        id: 'changes',
        header: t('history.changes'),
        cell: (e) => (
          <Text fontSize="sm">
            {Object.keys(e.changes)
              .map((field) => (field.startsWith('prices.') ? t(`states.${field.slice(7)}`) : t(`fields.${field}`, { defaultValue: field })))
              .join(', ') || '—'}
          </Text>
        ),
      },
    ],
    [t, format],
  );
  return <HistoryTable query={query} columns={columns} rowKey={(e) => e.eventId} loadFailed={t('history.loadFailed')} testId="product-history" />;
}
