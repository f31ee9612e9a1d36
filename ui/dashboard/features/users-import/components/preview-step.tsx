import type { UserImportView } from '@server/application/organizations/user-import/user-import-views';
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { useRunUserImport, type RowsPage } from '../api/user-import';
import { usersImportPaths } from '../paths';
import { RowsTable } from './rows-table';

/** Step 2: the counts, the rows with their problems, and the import of the valid ones (or another file). */
export function PreviewStep({ view, page, onPage }: { view: UserImportView; page: RowsPage; onPage(page: RowsPage): void }) {
  const { t, i18n } = useTranslation('users-import');
  const errorText = useApiErrorText();
  const run = useRunUserImport(view.id);
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const { rows, valid, invalid } = view.counts;
  return (
    <Stack gap="5">
      <Text data-testid="import-counts">{t('preview.counts', { rows: format(rows), valid: format(valid), invalid: format(invalid), count: rows })}</Text>
      {invalid > 0 && (
        <Alert.Root status={valid > 0 ? 'warning' : 'error'}>
          <Alert.Indicator />
          <Alert.Title>{valid > 0 ? t('preview.someInvalid', { count: invalid, invalid: format(invalid) }) : t('preview.noneValid')}</Alert.Title>
        </Alert.Root>
      )}
      <RowsTable view={view} page={page} onPage={onPage} filters={['all', 'invalid', 'valid']} />
      {run.isError && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{errorText(run.error)}</Alert.Title>
        </Alert.Root>
      )}
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="brand" disabled={valid === 0} loading={run.isPending} onClick={() => run.mutate()} data-testid="import-run">
          {t('preview.run', { count: valid, valid: format(valid) })}
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={usersImportPaths.page}>{t('actions.another')}</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
