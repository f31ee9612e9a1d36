import { Alert, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useSupportOverview } from '../api/get-support-overview';
import { useStartRebuilds } from '../api/start-rebuilds';
import { ActionsTable } from '../components/actions-table';
import { ConflictsTable } from '../components/conflicts-table';
import { ProjectionsTable } from '../components/projections-table';
import { ProcessManagersTable, WorkersTable } from '../components/runners-tables';

/**
 * /support: what support staff watch and repair. Read models and process
 * managers with their checkpoints and lags, the queues' backlogs, the
 * conflicts counted with the way to both sides' histories, rebuilds with
 * their progress (the old read model serves until the new one has caught up)
 * and what support did. Read again every few seconds.
 */
export function Component() {
  const { t, i18n } = useTranslation('support');
  const overview = useSupportOverview();
  const rebuilds = useStartRebuilds();

  const start = (projections: string[], label: string) =>
    rebuilds.mutate(projections, {
      onSuccess: () => toaster.create({ type: 'success', title: t('notifications.started', { name: label }) }),
      onError: (error) => toaster.create({ type: 'error', title: t('notifications.refused'), description: error.message }),
    });

  const data = overview.data;
  const allIdle = data?.projections.every((projection) => projection.rebuild === null) ?? false;
  return (
    <Page
      title={t('title')}
      breadcrumbs={[{ label: t('title') }]}
      actions={
        data?.canRebuild && (
          <Button colorPalette="brand" disabled={!allIdle || rebuilds.isPending} onClick={() => start(data.projections.map((p) => p.name), t('all'))}>
            {t('actions.rebuildAll')}
          </Button>
        )
      }
    >
      {overview.isPending && <LoadingStatus />}
      {overview.isError && !data && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('loadFailed')}</Alert.Title>
        </Alert.Root>
      )}
      {data && (
        <Stack gap="8">
          <Text textStyle="sm" color="fg.muted" data-testid="support-checked-at">
            {t('checkedAt', { at: formatDateTime(data.checkedAt, i18n.language), head: data.eventStore.lastPosition.toLocaleString(i18n.language) })}
          </Text>
          <Stack as="section" gap="3" aria-labelledby="support-projections-title">
            <Heading as="h2" size="md" id="support-projections-title">
              {t('projections.title')}
            </Heading>
            <Text textStyle="sm">{t('projections.help')}</Text>
            <ProjectionsTable
              projections={data.projections}
              canRebuild={data.canRebuild}
              busy={rebuilds.isPending}
              onRebuild={(name) => start([name], name)}
            />
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="support-managers-title">
            <Heading as="h2" size="md" id="support-managers-title">
              {t('processManagers.title')}
            </Heading>
            <ProcessManagersTable managers={data.processManagers} />
            <WorkersTable workers={data.workers} />
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="support-conflicts-title">
            <Heading as="h2" size="md" id="support-conflicts-title">
              {t('conflicts.title')}
            </Heading>
            <ConflictsTable conflicts={data.conflicts.items} total={data.conflicts.total} />
          </Stack>
          <Stack as="section" gap="3" aria-labelledby="support-actions-title">
            <Heading as="h2" size="md" id="support-actions-title">
              {t('actions.title')}
            </Heading>
            <ActionsTable actions={data.actions} />
          </Stack>
        </Stack>
      )}
    </Page>
  );
}
