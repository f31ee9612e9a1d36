import type { AwaitingShipmentView } from '@server/application/logistics/logistics-views';
import { Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIdentificationNumber } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useListParams } from '../../../hooks/use-list-params';
import { useAwaitingBuybacks } from '../api/get-awaiting-buybacks';
import { useWarehouses, warehouseName } from '../api/get-warehouses';
import { awaitingList } from '../list-params';
import { expeditionPaths } from '../paths';

/** The store's devices waiting to leave (the list convention, kept in the address), each with its open package if any. */
export function AwaitingList() {
  const { t, i18n } = useTranslation('expedition');
  const [params, setParams] = useListParams(awaitingList);
  const query = useAwaitingBuybacks(params);
  const warehouses = useWarehouses().data;

  const columns = useMemo<Array<ListColumn<AwaitingShipmentView, 'createdAt'>>>(
    () => [
      {
        id: 'code',
        header: t('columns.code'),
        nowrap: true,
        cell: (row) => (
          <Text as="span" fontFamily="mono" data-code={row.identificationNumber}>
            <AppLink to={expeditionPaths.buyback(row.buybackId)}>{formatIdentificationNumber(row.identificationNumber)}</AppLink>
          </Text>
        ),
      },
      { id: 'product', header: t('columns.product'), cell: (row) => row.productLabel },
      { id: 'warehouse', header: t('columns.warehouse'), cell: (row) => warehouseName(warehouses, row.warehouseId) },
      { id: 'transport', header: t('columns.transport'), cell: (row) => t(row.needsLabel ? 'needsLabel.yes' : 'needsLabel.no') },
      {
        id: 'package',
        header: t('columns.package'),
        nowrap: true,
        cell: (row) => (row.package ? <AppLink to={expeditionPaths.packing(row.package.id)}>{row.package.number}</AppLink> : t('noPackage')),
      },
      { id: 'createdAt', header: t('columns.createdAt'), sort: 'createdAt', nowrap: true, cell: (row) => formatDateTime(row.createdAt, i18n.language) },
    ],
    [t, i18n.language, warehouses],
  );

  return (
    <ListScreen
      ns="expedition"
      definition={awaitingList}
      params={params}
      onParams={setParams}
      query={query}
      columns={columns}
      rowKey={(row) => row.buybackId}
      rowTestId="awaiting-row"
      totalTestId="awaiting-total"
    />
  );
}
