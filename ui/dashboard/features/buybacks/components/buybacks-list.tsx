import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatDateTime, formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { useBuybacks } from '../api/get-buybacks';
import { nameIn, useBuybackReferences } from '../api/get-buyback-references';
import { buybackList, type BuybackListParams, type SortField } from '../list-params';
import { isCustomerData, type Buyback } from '../types';
import { BuybackFilters } from './buyback-filters';
import { StatusBadge } from './status-badge';

interface Props {
  /** The list's parameters (useBuybackListParams: the URL and local storage). */
  params: BuybackListParams;
  setParams(next: BuybackListParams): void;
  detailPath(id: string): string;
}

/** The buyback list: filters, the page of results, paging. Everything it shows is in its parameters. */
export function BuybacksList({ params, setParams, detailPath }: Props) {
  const { t, i18n } = useTranslation('buybacks');
  const list = useBuybacks(params);
  const references = useBuybackReferences().data;

  const columns = useMemo<Array<ListColumn<Buyback, SortField>>>(
    () => [
      {
        id: 'code',
        header: t('fields.identificationNumber'),
        sort: 'identificationNumber',
        cell: (buyback) => (
          <RouterLink to={detailPath(buyback.id)} style={{ textDecoration: 'underline', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
            {formatIdentificationNumber(buyback.identificationNumber)}
          </RouterLink>
        ),
      },
      { id: 'createdAt', header: t('fields.createdAt'), sort: 'createdAt', nowrap: true, cell: (buyback) => formatDateTime(buyback.createdAt, i18n.language) },
      {
        id: 'customer',
        header: t('fields.customer'),
        sort: 'customerName',
        cell: (buyback) =>
          isCustomerData(buyback.customer) ? (
            `${buyback.customer.firstName} ${buyback.customer.lastName}`
          ) : (
            <Text as="span" color="fg.muted">
              {t('customer.forgotten')}
            </Text>
          ),
      },
      { id: 'product', header: t('fields.product'), sort: 'productLabel', cell: (buyback) => buyback.product.label },
      {
        id: 'store',
        header: t('fields.store'),
        // A web buyback has no store until it is dropped in one; sent by post, it never has one.
        cell: (buyback) =>
          buyback.storeId ? (nameIn(references?.stores, buyback.storeId) ?? '—') : buyback.status === 'bb_awaiting_store_drop' ? t('list.noStore') : '—',
      },
      { id: 'circuit', header: t('fields.circuit'), cell: (buyback) => buyback.circuit.name },
      {
        id: 'declaredPrice',
        header: t('fields.declaredPrice'),
        sort: 'declaredPrice',
        numeric: true,
        nowrap: true,
        cell: (buyback) => formatMoney(buyback.declaredPrice, i18n.language),
      },
      { id: 'status', header: t('fields.status'), sort: 'status', cell: (buyback) => <StatusBadge status={buyback.status} /> },
    ],
    [t, i18n.language, detailPath, references],
  );

  return (
    <ListScreen
      ns="buybacks"
      definition={buybackList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<BuybackFilters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(buyback) => buyback.id}
      rowTestId="buyback-row"
      totalTestId="buybacks-total"
    />
  );
}
