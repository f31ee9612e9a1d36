import { Alert } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { Page } from '../../../components/page';
import { useMe } from '../../../lib/auth';

/** /connectors/SSO: the SSO configuration of the signed-in user's own root organization. */
export function Component() {
  const { t } = useTranslation('sso');
  const me = useMe();
  const organization = me.currentOrganization;
  if (organization?.type === 'root_management_unit') return <Navigate to={`/connectors/${organization.id}/SSO`} replace />;
  return (
    <Page title={t('title')}>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{t('chooseRoot')}</Alert.Title>
      </Alert.Root>
    </Page>
  );
}
