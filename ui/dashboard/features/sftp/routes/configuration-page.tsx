import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { UuidRoute } from '../../../components/uuid-route';
import { useSftpSettings } from '../api/sftp';
import { ImportConfiguration } from '../components/import-configuration';
import { SftpHistoryTab } from '../components/sftp-history';

/** /configuration/{organizationId}/sftp: the SFTP import's configuration, its last import, the history. */
export function Component() {
  return <UuidRoute param="organizationId">{(organizationId) => <ConfigurationScreen key={organizationId} organizationId={organizationId} />}</UuidRoute>;
}

function ConfigurationScreen({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('sftp');
  const settings = useSftpSettings(organizationId);
  if (settings.isPending) return <LoadingStatus size="lg" py="16" />;
  if (settings.isError) return <DetailLoadFailed error={settings.error} listCrumb={{ label: t('title'), to: '/settings/sftp' }} ns="sftp" />;
  return (
    <Page title={t('configurationTitle')} breadcrumbs={[{ label: t('title'), to: '/settings/sftp' }, { label: t('configurationTitle') }]}>
      <Tabs.Root defaultValue="configuration" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="configuration">{t('tabs.configuration')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="configuration">
          <ImportConfiguration key={settings.data.revision} organizationId={organizationId} settings={settings.data} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <SftpHistoryTab organizationId={organizationId} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
