import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
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

  if (entity.isPending) return <LoadingStatus size="lg" py="16" />;
  if (entity.isError) return <DetailLoadFailed error={entity.error} listCrumb={listCrumb} ns="entities" />;
  const current = entity.data;
  const editable = can('organization.manage');

  function submit(body: EntityBody, reason: string) {
    refusals.clear();
    update.mutate(
      { id, body: { ...body, reason: reason.trim() || null }, revision: current.revision },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('notifications.updated', { name: body.commonName }) }),
        onError: (error) => {
          refusals.refuse(error);
          void entity.refetch();
        },
      },
    );
  }

  return (
    <Page title={editable ? t('edit.title', { name: current.commonName }) : current.commonName} breadcrumbs={[listCrumb, { label: current.commonName }]}>
      <Tabs.Root defaultValue="general" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="general">{t('edit.tabs.general')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('edit.tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">
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
        </Tabs.Content>
        <Tabs.Content value="history">
          <EntityHistory id={id} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
