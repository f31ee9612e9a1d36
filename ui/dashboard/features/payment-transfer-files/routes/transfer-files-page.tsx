import { Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { useDebtorAccount } from '../api/debtor-account';
import { useTransferFiles } from '../api/transfer-files';
import { BuildFile } from '../components/build-file';
import { DebtorAccountForm } from '../components/debtor-account-form';
import { TransferFilesTable } from '../components/transfer-files-table';

/**
 * /payments/transfer-files: the retailer's accountant sets the debtor
 * account, builds the next SEPA file of the due transfers, downloads it for
 * the bank (which initiates its payments), then imports the bank's status
 * report or marks the file completed.
 */
export function Component() {
  const { t } = useTranslation('payment-transfer-files');
  const can = useCan();
  const manageSettings = can('payment_settings.manage');
  const debtor = useDebtorAccount(manageSettings);
  const [page, setPage] = useState(1);
  const files = useTransferFiles(page);
  return (
    <Page title={t('title')}>
      <Stack gap={8}>
        {manageSettings && (
          <Stack as="section" gap={3} aria-labelledby="debtor-title">
            <Heading as="h2" size="md" id="debtor-title">
              {t('debtor.title')}
            </Heading>
            {debtor.isPending ? (
              <LoadingStatus />
            ) : debtor.isError ? (
              <ApiErrorAlert error={debtor.error} onRetry={() => debtor.refetch()} />
            ) : (
              <DebtorAccountForm key={`${debtor.data.iban ?? ''}|${debtor.data.updatedAt ?? ''}`} account={debtor.data} />
            )}
          </Stack>
        )}
        <Stack as="section" gap={3} aria-labelledby="build-title">
          <Heading as="h2" size="md" id="build-title">
            {t('build.title')}
          </Heading>
          <BuildFile disabled={manageSettings && debtor.data?.configured === false} />
        </Stack>
        <Stack as="section" gap={3} aria-labelledby="files-title">
          <Heading as="h2" size="md" id="files-title">
            {t('list.title')}
          </Heading>
          {files.isPending ? (
            <LoadingStatus />
          ) : files.isError ? (
            <ApiErrorAlert error={files.error} onRetry={() => files.refetch()} />
          ) : (
            <>
              <TransferFilesTable files={files.data.items} />
              {(page > 1 || files.data.hasNextPage) && (
                <HStack>
                  <Button size="sm" variant="outline" disabled={page === 1} onClick={() => setPage(page - 1)}>
                    {t('list.previous')}
                  </Button>
                  <Text>{page}</Text>
                  <Button size="sm" variant="outline" disabled={!files.data.hasNextPage} onClick={() => setPage(page + 1)}>
                    {t('list.next')}
                  </Button>
                </HStack>
              )}
            </>
          )}
        </Stack>
      </Stack>
    </Page>
  );
}
