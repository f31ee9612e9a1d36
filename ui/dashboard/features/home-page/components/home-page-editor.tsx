import { Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { ApiErrorAlert, useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { toaster } from '../../../components/toaster';
import { useHomePage, useSaveHomePage } from '../api/home-page';
import { HomePageForm } from './home-page-form';
import { HomePageHistory } from './home-page-history';

/** An account's home page: its form (saved as a merge-patch with the revision read) and its history. Used by /home-page and the client's pages. */
export function HomePageEditor({ accountId }: { accountId: string }) {
  const { t } = useTranslation('home-page');
  const home = useHomePage(accountId);
  const save = useSaveHomePage(accountId);
  const errorText = useApiErrorText();
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [tab, setTab] = useState('form');

  function submit(patch: Record<string, unknown>) {
    if (!home.data) return;
    setRefused({});
    setFailure(null);
    save.mutate(
      { body: patch, revision: home.data.revision },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('saved') }),
        onError: (error) => {
          const fields: Record<string, string> = {};
          if (error instanceof ApiError) for (const problem of error.fields) fields[problem.field] ??= problem.message;
          setRefused(fields);
          setFailure(errorText(error));
        },
      },
    );
  }

  if (home.isPending) return <LoadingStatus size="lg" py="16" />;
  if (home.isError) return <ApiErrorAlert error={home.error} onRetry={() => home.refetch()} />;
  return (
    <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line">
      <Tabs.List mb="4">
        <Tabs.Trigger value="form">{t('tabs.form')}</Tabs.Trigger>
        <Tabs.Trigger value="history">{t('tabs.history')}</Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="form">
        <HomePageForm key={home.data.revision} current={home.data} refused={refused} failure={failure} submitting={save.isPending} onSubmit={submit} />
      </Tabs.Content>
      <Tabs.Content value="history">
        <HomePageHistory accountId={accountId} />
      </Tabs.Content>
    </Tabs.Root>
  );
}
