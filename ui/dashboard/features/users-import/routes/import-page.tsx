import type { UserImportView } from '@server/application/organizations/user-import/user-import-views';
import { Alert, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useUserImport, type RowsPage } from '../api/user-import';
import { ImportProgress } from '../components/import-progress';
import { ImportReport } from '../components/import-report';
import { PreviewStep } from '../components/preview-step';
import { StepsIndicator } from '../components/steps-indicator';
import { UploadStep } from '../components/upload-step';
import { usersImportPaths } from '../paths';
import { UUID } from '../../../lib/uuid';

/**
 * /users/import: three steps at one address. Upload (the template and the
 * procedure offered), then the preview of the import named by `?id=` (each
 * row's problems), then its run: a progress bar and the report.
 */
export function Component() {
  const { t } = useTranslation('users-import');
  const [search] = useSearchParams();
  const id = search.get('id') ?? '';
  return (
    <Page title={t('title')} breadcrumbs={[{ label: t('users'), to: usersImportPaths.users }, { label: t('title') }]}>
      {UUID.test(id) ? <ImportOf key={id} id={id} /> : <Steps current={1}><UploadStep /></Steps>}
    </Page>
  );
}

function Steps({ current, children }: { current: 1 | 2 | 3; children: ReactNode }) {
  return (
    <Stack gap="6">
      <StepsIndicator current={current} />
      {children}
    </Stack>
  );
}

function ImportOf({ id }: { id: string }) {
  const [page, setPage] = useState<RowsPage>({ filter: 'all', offset: 0 });
  const query = useUserImport(id, page);
  if (query.isPending) return <LoadingStatus size="lg" py="16" />;
  if (query.isError) return <LoadFailed missing={query.error instanceof ApiError && query.error.status === 404} />;
  const view = query.data;
  switch (view.status) {
    case 'validating':
      return (
        <Steps current={2}>
          <ImportProgress view={view} />
        </Steps>
      );
    case 'ready':
      return (
        <Steps current={2}>
          <PreviewStep view={view} page={page} onPage={setPage} />
        </Steps>
      );
    case 'running':
      return (
        <Steps current={3}>
          <ImportProgress view={view} />
        </Steps>
      );
    case 'done':
      return (
        <Steps current={3}>
          <ImportReport view={view} page={page} onPage={setPage} />
        </Steps>
      );
    default:
      return (
        <Steps current={view.runs > 0 ? 3 : 2}>
          <Stopped view={view} />
        </Steps>
      );
  }
}

/** An import that does not exist (or is another retailer's: the API answers 404 alike), or could not be loaded. */
function LoadFailed({ missing }: { missing: boolean }) {
  const { t } = useTranslation('users-import');
  return (
    <Stack gap="4" maxW="2xl">
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Title>{missing ? t('detail.notFoundText') : t('detail.loadFailed')}</Alert.Title>
      </Alert.Root>
      <HStack>
        <Button asChild colorPalette="brand">
          <RouterLink to={usersImportPaths.page}>{t('actions.another')}</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

/** The file was refused while read through, or the server stopped: why, and what to do next. */
function Stopped({ view }: { view: UserImportView }) {
  const { t } = useTranslation('users-import');
  const resumable = view.status === 'interrupted' && view.runs > 0;
  if (resumable) {
    return (
      <Stack gap="4" maxW="2xl">
        <Alert.Root status="warning" role="alert" data-testid="import-interrupted">
          <Alert.Indicator />
          <Alert.Title>{t('run.interrupted')}</Alert.Title>
        </Alert.Root>
        <ImportProgress view={view} />
      </Stack>
    );
  }
  const reason = view.error?.message ?? view.job?.error?.message ?? t('upload.failed');
  return (
    <Stack gap="4" maxW="2xl">
      <Alert.Root status="error" role="alert" data-testid="import-failed">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{reason}</Alert.Title>
          <Alert.Description>{t('upload.nothingImported')}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <HStack>
        <Button asChild colorPalette="brand">
          <RouterLink to={usersImportPaths.page}>{t('actions.another')}</RouterLink>
        </Button>
      </HStack>
      <Box>
        <Text textStyle="sm" color="fg.muted">
          {view.fileName ?? ''}
        </Text>
      </Box>
    </Stack>
  );
}
