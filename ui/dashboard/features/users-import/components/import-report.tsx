import type { UserImportView } from '@server/application/organizations/user-import/user-import-views';
import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { RowsPage } from '../api/user-import';
import { usersImportPaths } from '../paths';
import { RowsTable } from './rows-table';

/** Step 3, done: how many users were created and invited, and each row skipped with why. */
export function ImportReport({ view, page, onPage }: { view: UserImportView; page: RowsPage; onPage(page: RowsPage): void }) {
  const { t, i18n } = useTranslation('users-import');
  const format = (n: number) => new Intl.NumberFormat(i18n.language).format(n);
  const report = view.report;
  const onReport = page.filter === 'created' || page.filter === 'skipped';
  // The preview's page was showing: the report shows the skipped rows first.
  useEffect(() => {
    if (!onReport) onPage({ filter: 'skipped', offset: 0 });
  }, [onReport, onPage]);
  if (!report) return null;
  return (
    <Stack gap="5">
      <Alert.Root status="success" role="status" data-testid="import-report">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('report.title')}</Alert.Title>
          <Alert.Description>
            <Text data-testid="import-report-created">{t('report.created', { count: report.created, created: format(report.created) })}</Text>
            {report.alreadyCreated > 0 && <Text>{t('report.alreadyCreated', { count: report.alreadyCreated, already: format(report.alreadyCreated) })}</Text>}
            <Text>{t('report.invited', { count: report.invited, invited: format(report.invited) })}</Text>
            <Text data-testid="import-report-skipped">{t('report.skipped', { count: report.skipped, skipped: format(report.skipped) })}</Text>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      {onReport && <RowsTable view={view} page={page} onPage={onPage} filters={['skipped', 'created']} showOutcome />}
      <HStack gap="3" flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to={usersImportPaths.users}>{t('report.toUsers')}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={usersImportPaths.page}>{t('actions.another')}</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
