import { Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { ApiErrorAlert, useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useMe } from '../../../lib/auth';
import { useGeneralSettings, useSaveGeneralSettings } from '../api/general-settings';
import { GeneralSettingsForm } from '../components/general-settings-form';
import { GeneralSettingsHistory } from '../components/general-settings-history';
import { PdfUploads } from '../components/pdf-uploads';
import type { GeneralSettingsPage } from '../paths';

/** A general-settings page: its form (saved as a merge-patch with the revision read) and its history. */
export function Component() {
  const { t } = useTranslation('general-settings');
  const page = useParams().page as GeneralSettingsPage;
  const accountId = useMe().account?.id ?? '';
  const settings = useGeneralSettings(accountId, page);
  const save = useSaveGeneralSettings(accountId, page);
  const errorText = useApiErrorText();
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [tab, setTab] = useState('settings');

  function submit(patch: Record<string, unknown>) {
    if (!settings.data) return;
    setRefused({});
    setFailure(null);
    save.mutate(
      { body: patch, revision: settings.data.revision },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('notifications.saved') }),
        onError: (error) => {
          const fields: Record<string, string> = {};
          if (error instanceof ApiError) for (const problem of error.fields) fields[problem.field] ??= problem.message;
          setRefused(fields);
          setFailure(errorText(error));
        },
      },
    );
  }

  return (
    <Page title={t(`titles.${page}`)}>
      {settings.isPending ? (
        <LoadingStatus size="lg" py="16" />
      ) : settings.isError ? (
        <ApiErrorAlert error={settings.error} onRetry={() => settings.refetch()} />
      ) : (
        <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line">
          <Tabs.List mb="4">
            <Tabs.Trigger value="settings">{t('tabs.settings')}</Tabs.Trigger>
            <Tabs.Trigger value="history">{t('tabs.history')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="settings">
            <Stack gap="5" maxW="4xl">
              <GeneralSettingsForm
                key={`${page}-${settings.data.revision}`}
                current={settings.data}
                page={page}
                refused={refused}
                failure={failure}
                submitting={save.isPending}
                onSubmit={submit}
                files={page === 'tim' ? <PdfUploads current={settings.data} refused={refused} onUploaded={(field, fileId) => submit({ [field]: fileId })} /> : undefined}
              />
            </Stack>
          </Tabs.Content>
          <Tabs.Content value="history">
            <GeneralSettingsHistory accountId={accountId} page={page} />
          </Tabs.Content>
        </Tabs.Root>
      )}
    </Page>
  );
}
