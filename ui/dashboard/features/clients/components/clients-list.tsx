import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ListScreen, NameStatusFilters, SelectFilter, statusColumn, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useClients } from '../api/get-clients';
import { CLIENT_MODULE_FILTER, CLIENT_STATUS_FILTER, clientList, EMPTY_CLIENT_FILTERS, type ClientListParams, type ClientSortField } from '../list-params';
import { clientPaths } from '../paths';
import type { ClientListItem } from '../types';

interface Props {
  params: ClientListParams;
  setParams(next: ClientListParams): void;
}

/** The clients (retailer accounts): names, SIRET, modules, status. */
export function ClientsList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation('clients');
  const list = useClients(params);
  const columns = useMemo<Array<ListColumn<ClientListItem, ClientSortField>>>(
    () => [
      { id: 'commonName', header: t('fields.commonName'), sort: 'commonName', cell: (client) => <AppLink to={clientPaths.edit(client.id)}>{client.commonName}</AppLink> },
      { id: 'corporateName', header: t('fields.corporateName'), cell: (client) => client.corporateName ?? '—' },
      { id: 'siret', header: t('fields.siret'), cell: (client) => client.siret ?? '—' },
      { id: 'modules', header: t('fields.modules'), cell: (client) => client.modules.map((m) => t(`modules.${m}`)).join(', ') },
      statusColumn({ header: t('fields.status'), sort: 'status', text: (status) => t(`statuses.${status}`), on: 'active', testId: 'client-status' }),
      { id: 'createdAt', header: t('fields.createdAt'), sort: 'createdAt', nowrap: true, cell: (client) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short' }).format(new Date(client.createdAt)) },
    ],
    [t, i18n.language],
  );
  return (
    <ListScreen
      ns="clients"
      definition={clientList}
      params={params}
      onParams={setParams}
      query={list}
      filters={
        <NameStatusFilters
          ns="clients"
          params={params}
          onParams={setParams}
          empty={EMPTY_CLIENT_FILTERS}
          statuses={CLIENT_STATUS_FILTER}
          more={(draft, set) => (
            <SelectFilter
              label={t('filters.module')}
              value={draft.module}
              onChange={(module) => set('module')(module as typeof draft.module)}
              all={t('filters.all')}
              options={CLIENT_MODULE_FILTER.map((module) => ({ id: module, label: t(`modules.${module}`) }))}
            />
          )}
        />
      }
      columns={columns}
      rowKey={(client) => client.id}
      rowTestId="client-row"
      totalTestId="clients-total"
    />
  );
}
