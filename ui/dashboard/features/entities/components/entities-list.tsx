import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxGroupFilter, ListScreen, NameStatusFilters, statusColumn, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useEntities } from '../api/get-entities';
import { EMPTY_ENTITY_FILTERS, entityList, type EntityListParams, type EntitySortField } from '../list-params';
import { entityPaths } from '../paths';
import { ORGANIZATION_STATUSES, ORGANIZATION_TYPES, type EntityRow } from '../types';

interface Props {
  params: EntityListParams;
  setParams(next: EntityListParams): void;
}

/** The caller's entities as a list: name, type, parent, city, external id, status. */
export function EntitiesList({ params, setParams }: Props) {
  const { t } = useTranslation('entities');
  const list = useEntities(params);

  const columns = useMemo<Array<ListColumn<EntityRow, EntitySortField>>>(
    () => [
      { id: 'commonName', header: t('fields.commonName'), sort: 'commonName', cell: (e) => <AppLink to={entityPaths.edit(e.id)}>{e.commonName}</AppLink> },
      { id: 'type', header: t('fields.type'), sort: 'type', cell: (e) => t(`types.${e.type}`) },
      { id: 'parent', header: t('fields.parentOrganizationId'), cell: (e) => e.parentName ?? '—' },
      { id: 'city', header: t('fields.city'), sort: 'city', cell: (e) => [e.zipCode, e.city].filter(Boolean).join(' ') || '—' },
      { id: 'externalId', header: t('fields.externalId'), sort: 'externalId', cell: (e) => e.externalId ?? '—' },
      statusColumn({ header: t('fields.status'), sort: 'status', text: (status) => t(`statuses.${status}`), on: 'active', testId: 'entity-status' }),
    ],
    [t],
  );

  return (
    <ListScreen
      ns="entities"
      definition={entityList}
      params={params}
      onParams={setParams}
      query={list}
      filters={
        <NameStatusFilters
          ns="entities"
          params={params}
          onParams={setParams}
          empty={EMPTY_ENTITY_FILTERS}
          statuses={ORGANIZATION_STATUSES}
          more={(draft, set) => (
            <CheckboxGroupFilter
              legend={t('filters.type')}
              options={ORGANIZATION_TYPES.map((type) => ({
                id: type,
                label: t(`types.${type}`),
                checked: draft.type.includes(type),
                onChange: (checked) => set('type')(checked ? [...draft.type, type] : draft.type.filter((v) => v !== type)),
              }))}
            />
          )}
        />
      }
      columns={columns}
      rowKey={(e) => e.id}
      rowTestId="entity-row"
      totalTestId="entities-total"
    />
  );
}
