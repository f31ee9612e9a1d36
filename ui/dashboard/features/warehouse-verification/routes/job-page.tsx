import type { VerificationJobView } from '@server/application/warehouse/warehouse-views';
import { Alert, Box, Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { verificationKeys } from '../../../../shared/api/query-keys';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useVerificationJob } from '../api/get-verification-job';
import type { JustVerified } from '../components/verification-form';
import { verificationPaths } from '../paths';
import { UuidRoute } from '../../../components/uuid-route';

/** /verification/jobs/{id}: a long list being verified: its progress, then its report (or why it failed). */
export function Component() {
  return <UuidRoute>{(id) => <Job key={id} id={id} />}</UuidRoute>;
}

function Job({ id }: { id: string }) {
  const { t } = useTranslation('warehouse-verification');
  const job = useVerificationJob(id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const listCrumb = { label: t('title'), to: verificationPaths.page };
  const result = job.data?.status === 'done' ? job.data.result : null;

  // Done: the report is the job's result; it opens as a report just made.
  useEffect(() => {
    if (!result) return;
    queryClient.setQueryData(verificationKeys.detail(result.id), result);
    void queryClient.invalidateQueries({ queryKey: verificationKeys.lists() });
    void navigate(verificationPaths.report(result.id), { replace: true, state: { justVerified: true } satisfies JustVerified });
  }, [result, navigate, queryClient]);

  if (job.isPending) return <LoadingStatus size="lg" py="16" />;
  if (job.isError) return <DetailLoadFailed error={job.error} listCrumb={listCrumb} ns="warehouse-verification" />;
  return (
    <Page title={t('job.title')} breadcrumbs={[listCrumb, { label: t('job.title') }]}>
      {job.data.status === 'failed' ? <Failed job={job.data} /> : <Running job={job.data} />}
    </Page>
  );
}

/** Queued or running: how many rows of the file are compared, out of how many. */
function Running({ job }: { job: VerificationJobView }) {
  const { t, i18n } = useTranslation('warehouse-verification');
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { done, total } = job.progress;
  const percent = total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
  const label = t('job.progress', { done: format(done), total: format(total), percent });
  return (
    <Stack gap="4" maxW="2xl">
      <Text>{t('job.intro')}</Text>
      <Progress.Root value={percent} max={100} colorPalette="brand" data-testid="verification-progress" data-status={job.status}>
        <HStack justify="space-between" mb="1">
          <Progress.Label>{t(`job.status.${job.status === 'queued' ? 'queued' : 'running'}`)}</Progress.Label>
          <Progress.ValueText data-testid="verification-progress-text">{label}</Progress.ValueText>
        </HStack>
        <Progress.Track aria-label={label}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Box role="status" aria-live="polite">
        <Text textStyle="sm" color="fg.muted">
          {t('job.mailed')}
        </Text>
      </Box>
    </Stack>
  );
}

/** Failed: the API's reason (the file's fault, or the server stopped), and that nothing was recorded. */
function Failed({ job }: { job: VerificationJobView }) {
  const { t } = useTranslation(['warehouse-verification', 'api']);
  const error = job.error;
  return (
    <Stack gap="4" maxW="2xl">
      <Alert.Root status="error" role="alert" data-testid="verification-job-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{error ? t(`api:errors.${error.code}`, { ...error.details, defaultValue: error.message }) : t('job.failed')}</Alert.Title>
          <Alert.Description>{t('refused.nothingChanged')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box>
        <Button asChild colorPalette="brand">
          <RouterLink to={verificationPaths.page}>{t('report.another')}</RouterLink>
        </Button>
      </Box>
    </Stack>
  );
}
