import { Alert, Link, Stack, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useMe } from '../../../lib/auth';
import { useSftpSettings } from '../api/sftp';
import { AccessPanel } from '../components/access-panel';
import { SftpHistoryTab } from '../components/sftp-history';

/** /settings/sftp: the SFTP access of the signed-in user's retailer (its root organization), and the history. */
export function Component() {
  const { t } = useTranslation('sftp');
  const organization = useMe().currentOrganization;
  if (organization?.type !== 'root_management_unit') {
    return (
      <Page title={t('title')}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('chooseRoot')}</Alert.Title>
        </Alert.Root>
      </Page>
    );
  }
  return <AccessScreen organizationId={organization.id} />;
}

function AccessScreen({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('sftp');
  const settings = useSftpSettings(organizationId);
  if (settings.isPending) return <LoadingStatus size="lg" py="16" />;
  if (settings.isError) return <DetailLoadFailed error={settings.error} listCrumb={{ label: t('title'), to: '/home' }} ns="sftp" />;
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('title') }]}>
      <Tabs.Root defaultValue="access" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="access">{t('tabs.access')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="access">
          <Stack gap="5">
            <AccessPanel organizationId={organizationId} settings={settings.data} />
            <Link asChild color="colorPalette.fg">
              <RouterLink to={`/configuration/${organizationId}/sftp`}>{t('toConfiguration')}</RouterLink>
            </Link>
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="history">
          <SftpHistoryTab organizationId={organizationId} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
