import { Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { OwnOrganizationRedirect } from '../../../components/own-organization';
import { Page } from '../../../components/page';
import { UuidRoute } from '../../../components/uuid-route';
import { ExportForm } from '../components/export-form';
import { ExportsList } from '../components/exports-list';

/** /exports: the signed-in user's own organization's exports. */
export function HomePage() {
  const { t } = useTranslation('exports');
  return <OwnOrganizationRedirect to={(id) => `/exports/${id}`} title={t('title')} message={t('chooseOrganization')} />;
}

/** /exports/{organizationId}: a new export (kind, optional dates), and the organization's exports with their progress and files. */
export function ExportsPage() {
  return <UuidRoute param="organizationId">{(organizationId) => <Exports key={organizationId} organizationId={organizationId} />}</UuidRoute>;
}

function Exports({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('exports');
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('title') }]}>
      <Stack gap="8">
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
