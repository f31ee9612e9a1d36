import type { UserImportView } from '@server/application/organizations/user-import/user-import-views';
import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { useRunUserImport } from '../api/user-import';

/**
 * The job at work: the file's rows being checked, or the run creating users
 * (its first half) then inviting them. An interrupted run shows where it
 * stopped and offers to go on.
 */
export function ImportProgress({ view }: { view: UserImportView }) {
  const { t, i18n } = useTranslation('users-import');
  const errorText = useApiErrorText();
  const run = useRunUserImport(view.id);
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { done, total } = view.job?.progress ?? { done: 0, total: 0 };
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const checking = view.runs === 0;
  const label = t(checking ? 'progress.checking' : 'progress.importing', { percent, rows: format(view.counts.valid) });
  return (
    <Stack gap="4" maxW="2xl">
      <Progress.Root value={percent} max={100} colorPalette="brand" data-testid="import-progress" data-status={view.status}>
        <HStack justify="space-between" mb="1">
          <Progress.Label>{t(checking ? 'progress.checkingTitle' : 'progress.importingTitle')}</Progress.Label>
          <Progress.ValueText data-testid="import-progress-text">{`${percent} %`}</Progress.ValueText>
        </HStack>
        <Progress.Track aria-label={label}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text role="status" aria-live="polite" textStyle="sm" color="fg.muted">
        {label}
      </Text>
      {view.status === 'interrupted' && (
        <HStack>
          <Button colorPalette="brand" loading={run.isPending} onClick={() => run.mutate()} data-testid="import-resume">
            {t('run.resume')}
          </Button>
        </HStack>
      )}
      {run.isError && <Text color="fg.error">{errorText(run.error)}</Text>}
    </Stack>
  );
}
