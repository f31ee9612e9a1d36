import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCreateClient } from '../api/client-mutations';
import { ClientForm } from '../components/client-form';
import { bodyOf, NEW_CLIENT, type ClientFormValues } from '../form-model';
import { useClientRefusals } from '../hooks/use-client-refusals';
import { clientPaths } from '../paths';

/** /client/create: a new client, every tab of its form; its account and root organization are opened together. */
export function Component() {
  const { t } = useTranslation('clients');
  const navigate = useNavigate();
  const create = useCreateClient();
  const refusals = useClientRefusals();

  function submit(values: ClientFormValues) {
    refusals.clear();
    create.mutate(bodyOf(values), {
      onSuccess: (answer) => {
        toaster.create({ type: 'success', title: t('notifications.created', { name: values.commonName }) });
        void navigate(clientPaths.edit(answer.id));
      },
      onError: (error) => refusals.refuse(error),
    });
  }

  return (
    <Page title={t('create.title')} breadcrumbs={[{ label: t('list.title'), to: clientPaths.list }, { label: t('create.title') }]}>
      <ClientForm initial={NEW_CLIENT} refused={refusals.refused} failure={refusals.failure} submitting={create.isPending} submitLabel={t('actions.createSubmit')} cancelTo={clientPaths.list} onSubmit={submit} />
    </Page>
  );
}
