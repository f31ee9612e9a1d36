import { Alert, Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useMe } from '../../../lib/auth';
import { useDesign } from '../api/design';
import { DesignForm } from '../components/design-form';
import { DesignHistory } from '../components/design-history';

/** /design: the retailer's design (its own account; provider staff name one with ?accountId=), its History tab. */
export function Component() {
  const { t } = useTranslation('design');
  const me = useMe();
  const [search] = useSearchParams();
  const accountId = search.get('accountId') ?? me.account?.id ?? null;
  if (!accountId) {
    return (
      <Page title={t('title')}>
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{t('noAccount')}</Alert.Title>
        </Alert.Root>
      </Page>
    );
  }
  return <DesignScreen accountId={accountId} staff={!me.account || accountId !== me.account.id} name={me.account?.name ?? ''} />;
}

function DesignScreen({ accountId, staff, name }: { accountId: string; staff: boolean; name: string }) {
  const { t } = useTranslation('design');
  const design = useDesign(accountId);
  if (design.isPending) return <LoadingStatus size="lg" py="16" />;
  if (design.isError) return <DetailLoadFailed error={design.error} listCrumb={{ label: t('title') }} ns="design" />;
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('title') }]}>
      <Tabs.Root defaultValue="design" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="design">{t('tabs.design')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="design">
          <DesignForm key={design.data.revision} design={design.data} accountName={name} staffAccountId={staff ? accountId : undefined} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <DesignHistory accountId={accountId} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
