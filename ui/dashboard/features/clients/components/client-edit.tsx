import { Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useClient } from '../api/get-client';
import { useUpdateClient } from '../api/client-mutations';
import { bodyOf, valuesOf, type ClientFormValues } from '../form-model';
import { lastClientListSearch } from '../hooks/use-list-params';
import { useClientRefusals } from '../hooks/use-client-refusals';
import { clientPaths } from '../paths';
import { AccountActions } from './account-actions';
import { ClientForm } from './client-form';
import { ClientHistory } from './client-history';

/** A client's form, its tabs and its history; saved as a merge-patch with the revision it was read at. */
export function ClientEdit({ id }: { id: string }) {
  const { t } = useTranslation(['clients', 'common']);
  const client = useClient(id);
  const update = useUpdateClient();
  const refusals = useClientRefusals();
  const [tab, setTab] = useState('general');
  const listCrumb = { label: t('list.title'), to: `${clientPaths.list}${lastClientListSearch()}` };

  if (client.isPending) return <LoadingStatus size="lg" py="16" />;
  if (client.isError) return <DetailLoadFailed error={client.error} listCrumb={listCrumb} ns="clients" />;
  const current = client.data;

  function submit(values: ClientFormValues) {
    refusals.clear();
    update.mutate(
      { id, body: bodyOf(values), revision: current.revision },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('notifications.updated', { name: values.commonName }) }),
        onError: (error) => {
          refusals.refuse(error);
          void client.refetch();
        },
      },
    );
  }

  return (
    <Page title={t('edit.title', { name: current.commonName })} breadcrumbs={[listCrumb, { label: current.commonName }]} actions={<AccountActions id={id} name={current.commonName} />}>
      <Stack gap="5">
        <ClientForm
          key={current.revision}
          initial={valuesOf(current)}
          refused={refusals.refused}
          failure={refusals.failure}
          submitting={update.isPending}
          submitLabel={t('common:actions.save')}
          cancelTo={listCrumb.to}
          onSubmit={submit}
          tab={tab}
          onTabChange={setTab}
          extraTabs={[{ value: 'history', label: t('tabs.history'), content: <ClientHistory id={id} /> }]}
        />
      </Stack>
    </Page>
  );
}
