import { useTranslation } from 'react-i18next';
import { DetailStatus, EditTabs, saveCallbacks } from '../../../components/edit-scaffold';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { useEntity } from '../api/get-entity';
import { useUpdateEntity } from '../api/save-entity';
import { valuesOf, type EntityBody } from '../form-model';
import { lastEntityListSearch } from '../hooks/use-list-params';
import { useEntityRefusals } from '../hooks/use-entity-refusals';
import { entityPaths } from '../paths';
import { EntityForm } from './entity-form';
import { EntityHistory } from './entity-history';

/** An entity's form (read-only without organization.manage) and its History tab. Saved with the revision it was read at. */
export function EntityEdit({ id }: { id: string }) {
  const { t } = useTranslation(['entities', 'common']);
  const can = useCan();
  const entity = useEntity(id);
  const update = useUpdateEntity();
  const refusals = useEntityRefusals();
  const listPath = `${entityPaths.list}${lastEntityListSearch()}`;
  const listCrumb = { label: t('list.title'), to: listPath };

  const current = entity.isError ? undefined : entity.data;
  if (!current) return <DetailStatus query={entity} listCrumb={listCrumb} ns="entities" />;
  const editable = can('organization.manage');

  const submit = (body: EntityBody, reason: string) => {
    refusals.clear();
    update.mutate({ id, body: { ...body, reason: reason.trim() || null }, revision: current.revision }, saveCallbacks(refusals, entity.refetch, t('notifications.updated', { name: body.commonName })));
  };

  return (
    <Page title={editable ? t('edit.title', { name: current.commonName }) : current.commonName} breadcrumbs={[listCrumb, { label: current.commonName }]}>
      <EditTabs
        tabs={[
          {
            value: 'general',
            label: t('edit.tabs.general'),
            content: (
              <EntityForm
                key={current.revision}
                initial={valuesOf(current)}
                organizationId={id}
                refused={refusals.refused}
                failure={refusals.failure}
                readOnly={!editable}
                submitting={update.isPending}
                submitLabel={t('common:actions.save')}
                cancelTo={listPath}
                onSubmit={submit}
              />
            ),
          },
          { value: 'history', label: t('edit.tabs.history'), content: <EntityHistory id={id} /> },
        ]}
      />
    </Page>
  );
}
