import { Text } from '@chakra-ui/react';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIdentificationNumber } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { StaleAlert } from '../../../components/stale-alert';
import { apiPaging } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/auth';
import { useItems } from '../../items-stock/api/get-items';
import { DisputeMailState } from '../../items-stock/components/dispute-mail-state';
import type { ItemActionDialog } from '../../items-stock/components/item-actions';
import { itemPaths } from '../../items-stock/paths';
import type { Item } from '../../items-stock/types';
import { apiQuarantineFilters, quarantineList, type QuarantineListParams, type QuarantineSortField } from '../list-params';
import { QuarantineFilters } from './quarantine-filters';
import { QuarantineRowActions } from './quarantine-row-actions';
import { QuarantinedBy } from './quarantined-by';
import { SelectedItemDialogs } from './selected-item-dialogs';

interface Props {
  params: QuarantineListParams;
  setParams(next: QuarantineListParams): void;
}

/** The devices in quarantine: why, since when, by whom, the dispute e-mail's fate, and the way out (release) or to resend it. */
export function QuarantineList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation(['warehouse-quarantine', 'items-stock']);
  const can = useCan();
  const list = useItems({ ...apiQuarantineFilters(params.filters), ...apiPaging(params, quarantineList) });
  const [selected, setSelected] = useState<{ id: string; action: ItemActionDialog | null } | null>(null);
  const [stale, setStale] = useState(false);
  const close = useCallback(() => setSelected((current) => (current ? { ...current, action: null } : null)), []);
  const readsBuybacks = can('buyback.read');

  const columns = useMemo<Array<ListColumn<Item, QuarantineSortField>>>(
    () => [
      {
        id: 'code',
        header: t('warehouse-quarantine:fields.itemCode'),
        sort: 'identificationNumber',
        nowrap: true,
        cell: (item) => <AppLink to={itemPaths.detail(item.id)}>{item.shortCode}</AppLink>,
      },
      {
        id: 'buyback',
        header: t('warehouse-quarantine:fields.buyback'),
        nowrap: true,
        cell: (item) => {
          const code = formatIdentificationNumber(item.identificationNumber);
          return readsBuybacks ? <AppLink to={itemPaths.buyback(item.buybackId)}>{code}</AppLink> : code;
        },
      },
      { id: 'product', header: t('warehouse-quarantine:fields.product'), sort: 'productLabel', cell: (item) => item.product.label },
      {
        id: 'reason',
        header: t('warehouse-quarantine:fields.reason'),
        cell: (item) =>
          item.quarantine && (
            <>
              <Text>{t(`api:items.quarantineReasons.${item.quarantine.reason}`)}</Text>
              <Text fontSize="sm" color="fg.muted" fontStyle="italic" lineClamp={2}>
                {item.quarantine.comment}
              </Text>
            </>
          ),
      },
      { id: 'since', header: t('warehouse-quarantine:fields.since'), sort: 'statusSince', nowrap: true, cell: (item) => formatDateTime(item.quarantine?.since ?? item.statusSince, i18n.language) },
      { id: 'by', header: t('warehouse-quarantine:fields.by'), cell: (item) => <QuarantinedBy itemId={item.id} userId={item.quarantine?.by ?? null} /> },
      { id: 'mail', header: t('warehouse-quarantine:fields.disputeMail'), cell: (item) => <DisputeMailState mail={item.disputeMail} /> },
      { id: 'actions', header: t('warehouse-quarantine:fields.actions'), cell: (item) => <QuarantineRowActions item={item} onOpen={(action) => setSelected({ id: item.id, action })} /> },
    ],
    [t, i18n.language, readsBuybacks],
  );

  return (
    <>
      {stale && <StaleAlert title={t('warehouse-quarantine:notifications.staleTitle')} onClose={() => setStale(false)} />}
      <ListScreen
        ns="warehouse-quarantine"
        definition={quarantineList}
        params={params}
        onParams={setParams}
        query={list}
        filters={<QuarantineFilters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
        columns={columns}
        rowKey={(item) => item.id}
        rowTestId="quarantine-row"
        totalTestId="quarantine-total"
      />
      {selected && <SelectedItemDialogs key={selected.id} itemId={selected.id} open={selected.action} onClose={close} onStale={() => setStale(true)} />}
    </>
  );
}
