import { Badge } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersBar, ListScreen, SelectFilter, TextFilter, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useClients } from '../api/get-clients';
import { CLIENT_MODULE_FILTER, CLIENT_STATUS_FILTER, clientList, EMPTY_CLIENT_FILTERS, type ClientFilters, type ClientListParams, type ClientSortField } from '../list-params';
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
      {
        id: 'status',
        header: t('fields.status'),
        sort: 'status',
        cell: (client) => (
          <Badge colorPalette={client.status === 'active' ? 'green' : 'gray'} data-testid="client-status">
            {t(`statuses.${client.status}`)}
          </Badge>
        ),
      },
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
      filters={<Filters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(client) => client.id}
      rowTestId="client-row"
      totalTestId="clients-total"
    />
  );
}

function Filters({ value, onApply }: { value: ClientFilters; onApply(filters: ClientFilters): void }) {
  const { t } = useTranslation('clients');
  return (
    <FiltersBar
      ns="clients"
      value={value}
      empty={EMPTY_CLIENT_FILTERS}
      onApply={onApply}
      fields={(draft, set) => (
        <>
          <TextFilter label={t('filters.name')} value={draft.name} onChange={set('name')} autoComplete="off" />
          <SelectFilter
            label={t('filters.status')}
            value={draft.status}
            onChange={(status) => set('status')(status as ClientFilters['status'])}
            all={t('filters.all')}
            options={CLIENT_STATUS_FILTER.map((status) => ({ id: status, label: t(`statuses.${status}`) }))}
          />
          <SelectFilter
            label={t('filters.module')}
            value={draft.module}
            onChange={(module) => set('module')(module as ClientFilters['module'])}
            all={t('filters.all')}
            options={CLIENT_MODULE_FILTER.map((module) => ({ id: module, label: t(`modules.${module}`) }))}
          />
        </>
      )}
    />
  );
}
