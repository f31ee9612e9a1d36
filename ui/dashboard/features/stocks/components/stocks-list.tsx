import { Link } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ListScreen, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { nameIn, useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { useStocks } from '../api/get-stocks';
import { stockList, type StockListParams, type StockSortField } from '../list-params';
import { useStockLabel } from '../../../components/warehouse-item/use-stock-names';
import { useWorkWarehouses } from '../hooks/use-work-warehouses';
import { stockPaths } from '../paths';
import type { Stock } from '../types';
import { StockFilters } from './stock-filters';
import { StockTitle } from './stock-title';

interface Props {
  params: StockListParams;
  setParams(next: StockListParams): void;
}

/** Each warehouse's stocks: native and its own, with what they hold and for how long on average. */
export function StocksList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation('stocks');
  const list = useStocks(params);
  const label = useStockLabel();
  const references = useBuybackReferences().data;
  const severalWarehouses = useWorkWarehouses().length > 1;

  const columns = useMemo<Array<ListColumn<Stock, StockSortField>>>(() => {
    const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 });
    return [
      {
        id: 'name',
        header: t('fields.name'),
        sort: 'name',
        cell: (stock) => (
          <AppLink to={stockPaths.edit(stock.id)}>
            <StockTitle stock={stock} />
          </AppLink>
        ),
      },
      { id: 'identifier', header: t('fields.identifier'), cell: (stock) => stock.identifier ?? '—' },
      { id: 'location', header: t('fields.location'), cell: (stock) => stock.location ?? '—' },
      ...(severalWarehouses
        ? [{ id: 'warehouse', header: t('fields.warehouse'), cell: (stock: Stock) => nameIn(references?.warehouses, stock.warehouseId) ?? '—' }]
        : []),
      { id: 'quantity', header: t('fields.quantity'), sort: 'quantity', numeric: true, cell: (stock) => number.format(stock.quantity) },
      {
        id: 'averageAge',
        header: t('fields.averageAge'),
        numeric: true,
        nowrap: true,
        cell: (stock) => (stock.averageAgeInDays === null ? '—' : t('fields.days', { count: stock.averageAgeInDays, formatted: number.format(stock.averageAgeInDays) })),
      },
      {
        id: 'items',
        header: t('fields.items'),
        cell: (stock) => (
          <Link asChild colorPalette="brand" color="brand.fg" textDecoration="underline" whiteSpace="nowrap">
            <RouterLink to={stockPaths.items(stock.id)} aria-label={t('actions.itemsOf', { name: label(stock) })}>
              {t('actions.items')}
            </RouterLink>
          </Link>
        ),
      },
    ];
  }, [t, i18n.language, severalWarehouses, references, label]);

  return (
    <ListScreen
      ns="stocks"
      definition={stockList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<StockFilters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(stock) => stock.id}
      rowTestId="stock-row"
      totalTestId="stocks-total"
    />
  );
}
