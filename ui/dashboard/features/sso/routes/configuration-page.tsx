import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useSsoConfiguration } from '../api/sso-configuration';
import { SsoConfigurationForm } from '../components/sso-configuration-form';
import { SsoHistoryTab } from '../components/sso-history';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /connectors/{organizationId}/SSO: the configuration's form and its history. */
export function Component() {
  const { organizationId = '' } = useParams();
  if (!UUID.test(organizationId)) return <NotFound />;
  return <ConfigurationScreen key={organizationId} organizationId={organizationId} />;
}

function ConfigurationScreen({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('sso');
  const configuration = useSsoConfiguration(organizationId);
  if (configuration.isPending) return <LoadingStatus size="lg" py="16" />;
  if (configuration.isError) return <DetailLoadFailed error={configuration.error} listCrumb={{ label: t('title'), to: '/home' }} ns="sso" />;
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('title') }]}>
      <Tabs.Root defaultValue="configuration" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="configuration">{t('tabs.configuration')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="configuration">
          <SsoConfigurationForm configuration={configuration.data} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <SsoHistoryTab organizationId={organizationId} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
