import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useSsoConfiguration } from '../api/sso-configuration';
import { SsoConfigurationForm } from '../components/sso-configuration-form';
import { SsoHistoryTab } from '../components/sso-history';
import { UuidRoute } from '../../../components/uuid-route';

/** /connectors/{organizationId}/SSO: the configuration's form and its history. */
export function Component() {
  return <UuidRoute param="organizationId">{(organizationId) => <ConfigurationScreen key={organizationId} organizationId={organizationId} />}</UuidRoute>;
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
