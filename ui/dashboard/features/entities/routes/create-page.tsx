import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCreateEntity } from '../api/save-entity';
import { EntityForm } from '../components/entity-form';
import { NEW_ENTITY, type EntityBody } from '../form-model';
import { lastEntityListSearch } from '../hooks/use-list-params';
import { useEntityRefusals } from '../hooks/use-entity-refusals';
import { entityPaths } from '../paths';

/** /entity/create: a new entity of the retailer's tree; its form opens once it is created. */
export function Component() {
  const { t } = useTranslation('entities');
  const navigate = useNavigate();
  const create = useCreateEntity();
  const keys = useIdempotencyKeys();
  const refusals = useEntityRefusals();
  const listPath = `${entityPaths.list}${lastEntityListSearch()}`;

  function submit(body: EntityBody) {
    refusals.clear();
    create.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (answer) => {
          toaster.create({ type: 'success', title: t('notifications.created', { name: body.commonName }) });
          void navigate(entityPaths.edit(answer.id));
        },
        onError: refusals.refuse,
      },
    );
  }

  return (
    <Page title={t('create.title')} breadcrumbs={[{ label: t('list.title'), to: listPath }, { label: t('create.title') }]}>
      <EntityForm
        initial={NEW_ENTITY}
        organizationId={null}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        submitLabel={t('create.submit')}
        cancelTo={listPath}
        onSubmit={submit}
      />
    </Page>
  );
}
