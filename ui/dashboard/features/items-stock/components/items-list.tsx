import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { apiPaging } from '../../../hooks/use-list-params';
import { useStockNames } from '../../../components/warehouse-item/use-stock-names';
import { useItems } from '../api/get-items';
import { apiItemFilters, itemList, type ItemListParams, type ItemSortField } from '../list-params';
import { itemPaths } from '../paths';
import type { Item } from '../types';
import { ItemCodes } from './item-codes';
import { ItemFilters } from './item-filters';
import { ItemStatusBadge } from './item-status-badge';

interface Props {
  params: ItemListParams;
  setParams(next: ItemListParams): void;
}

/** The devices of every stock the user sees: filters, the page of results, paging. */
export function ItemsList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation('items-stock');
  const list = useItems({ ...apiItemFilters(params.filters), ...apiPaging(params, itemList) });
  const { nameOf } = useStockNames();

  const columns = useMemo<Array<ListColumn<Item, ItemSortField>>>(
    () => [
      {
        id: 'code',
        header: t('fields.code'),
        sort: 'identificationNumber',
        cell: (item) => (
          <AppLink to={itemPaths.detail(item.id)}>
            <ItemCodes item={item} />
          </AppLink>
        ),
      },
      { id: 'product', header: t('fields.product'), sort: 'productLabel', cell: (item) => item.product.label },
      { id: 'status', header: t('fields.status'), sort: 'status', cell: (item) => <ItemStatusBadge status={item.status} /> },
      { id: 'stock', header: t('fields.stock'), cell: (item) => (item.stockId ? (nameOf(item.stockId) ?? '—') : t('list.outsideStock')) },
      { id: 'receivedAt', header: t('fields.receivedAt'), sort: 'receivedAt', nowrap: true, cell: (item) => formatDate(item.receivedAt, i18n.language) },
      {
        id: 'age',
        header: t('fields.age'),
        numeric: true,
        nowrap: true,
        cell: (item) => (item.ageInDays === null ? '—' : t('fields.days', { count: item.ageInDays })),
      },
      {
        id: 'purchasePrice',
        header: t('fields.purchasePrice'),
        sort: 'purchasePrice',
        numeric: true,
        nowrap: true,
        cell: (item) => formatMoney(item.purchasePrice, i18n.language),
      },
      // The refurbishment economics (none until steps are planned or a target resale price is set).
      { id: 'plannedRefurbCost', header: t('fields.plannedRefurbCost'), numeric: true, nowrap: true, cell: (item) => (item.plannedRefurbCost ? formatMoney(item.plannedRefurbCost, i18n.language) : '—') },
      { id: 'completedRefurbCost', header: t('fields.completedRefurbCost'), numeric: true, nowrap: true, cell: (item) => (item.completedRefurbCost ? formatMoney(item.completedRefurbCost, i18n.language) : '—') },
      {
        id: 'margin',
        header: t('fields.margin'),
        sort: 'margin',
        numeric: true,
        nowrap: true,
        cell: (item) =>
          item.margin ? (
            <Text as="span" data-testid="item-margin" color={item.margin.amountInCents < 0 ? 'fg.error' : undefined}>
              {formatMoney(item.margin, i18n.language)}
            </Text>
          ) : (
            '—'
          ),
      },
    ],
    [t, i18n.language, nameOf],
  );

  return (
    <ListScreen
      ns="items-stock"
      definition={itemList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<ItemFilters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(item) => item.id}
      rowTestId="item-row"
      totalTestId="items-total"
    />
  );
}
