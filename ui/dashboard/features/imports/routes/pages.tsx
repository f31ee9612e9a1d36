import { Box, Grid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OwnOrganizationRedirect } from '../../../components/own-organization';
import { Page } from '../../../components/page';
import { UuidRoute } from '../../../components/uuid-route';
import { useListParams } from '../../../hooks/use-list-params';
import { useImportsOf } from '../api/imports';
import { importsList } from '../list-params';
import { ImportPanel } from '../components/import-panel';
import { ImportsTable } from '../components/imports-table';

/** /imports: the signed-in user's own organization's imports. */
export function HomePage() {
  const { t } = useTranslation('imports');
  return <OwnOrganizationRedirect to={(id) => `/imports/${id}`} title={t('title')} message={t('chooseOrganization')} />;
}

/** /imports/{organizationId}: the imports, newest first; the one chosen shows its dates and line counts in the side panel. */
export function ImportsPage() {
  return <UuidRoute param="organizationId">{(organizationId) => <ImportsScreen key={organizationId} organizationId={organizationId} />}</UuidRoute>;
}

function ImportsScreen({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('imports');
  const [params, setParams] = useListParams(importsList);
  const list = useImportsOf(organizationId, params);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The panel shows the entry as the list has it now (polled while it runs).
  const selected = list.data?.items.find((item) => item.id === selectedId) ?? null;
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('title') }]}>
      <Grid templateColumns={{ base: '1fr', xl: selected ? 'minmax(0, 3fr) minmax(0, 2fr)' : '1fr' }} gap="6" alignItems="start">
        <Stack gap="3" minW="0">
          <ImportsTable list={list} params={params} onParams={setParams} selected={selectedId} onSelect={setSelectedId} />
        </Stack>
        {selected ? (
          <Box as="aside" aria-label={t('panel.title')} borderWidth="1px" borderRadius="md" p="4" minW="0">
            <ImportPanel entry={selected} onClose={() => setSelectedId(null)} />
          </Box>
        ) : null}
      </Grid>
    </Page>
  );
}
