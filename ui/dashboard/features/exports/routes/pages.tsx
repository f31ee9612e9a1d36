import { Alert, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import { useMe } from '../../../lib/auth';
import { ExportForm } from '../components/export-form';
import { ExportsList } from '../components/exports-list';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /exports: the signed-in user's own organization's exports. */
export function HomePage() {
  const { t } = useTranslation('exports');
  const organization = useMe().currentOrganization;
  if (organization) return <Navigate to={`/exports/${organization.id}`} replace />;
  return (
    <Page title={t('title')}>
      <Alert.Root status="info">
        <Alert.Indicator />
        <Alert.Title>{t('chooseOrganization')}</Alert.Title>
      </Alert.Root>
    </Page>
  );
}

/** /exports/{organizationId}: a new export (kind, optional dates), and the organization's exports with their progress and files. */
export function ExportsPage() {
  const { t } = useTranslation('exports');
  const { organizationId = '' } = useParams();
  if (!UUID.test(organizationId)) return <NotFound />;
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('title') }]}>
      <Stack gap="8" key={organizationId}>
        <ExportForm organizationId={organizationId} />
        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('listTitle')}
          </Heading>
          <ExportsList organizationId={organizationId} />
        </Stack>
      </Stack>
    </Page>
  );
}
