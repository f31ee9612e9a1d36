import { HStack, Progress, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { RebuildJob } from '../types';

/** A rebuild queued or running: its stage and the events of the log replayed out of its length. */
export function RebuildProgress({ job }: { job: RebuildJob }) {
  const { t, i18n } = useTranslation('support');
  const format = (n: number) => n.toLocaleString(i18n.language);
  if (job.status === 'queued') return <Text textStyle="sm">{t('rebuild.queued')}</Text>;
  const percent = job.total > 0 ? Math.min(100, Math.round((job.events / job.total) * 100)) : 0;
  const label = t('rebuild.progress', { events: format(job.events), total: format(job.total) });
  return (
    <Progress.Root value={percent} max={100} size="sm" minW="48" colorPalette="brand" data-testid={`rebuild-progress-${job.projection}`}>
      <HStack justify="space-between" mb="1">
        <Progress.Label textStyle="xs">{t(`rebuild.stages.${job.stage ?? 'replaying'}`)}</Progress.Label>
        <Progress.ValueText textStyle="xs">{label}</Progress.ValueText>
      </HStack>
      <Progress.Track aria-label={label}>
        <Progress.Range />
      </Progress.Track>
    </Progress.Root>
  );
}
