import { Badge, Button, HStack, Table, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatDate, formatDateTime, formatMoney } from '../../../../shared/format/format';
import { download } from '../../../components/list/export-button';
import { toaster } from '../../../components/toaster';
import { useDownloadTransferFile, useImportStatusReport, useMarkTransferFileCompleted, useStatusReportJob, type TransferFile } from '../api/transfer-files';

const STATUS_COLOURS: Record<TransferFile['status'], string> = { ready: 'blue', downloaded: 'orange', settled: 'green' };
/** A report larger than this is not sent (the API takes 900,000 characters). */
const REPORT_MAX_BYTES = 900_000;

/** The files, newest first: what each carries, its downloads, and how far the bank's answer settled it. */
export function TransferFilesTable({ files }: { files: TransferFile[] }) {
  const { t, i18n } = useTranslation('payment-transfer-files');
  const errorText = useApiErrorText();
  const downloadFile = useDownloadTransferFile();
  const importReport = useImportStatusReport();
  const markCompleted = useMarkTransferFileCompleted();
  const picker = useRef<HTMLInputElement>(null);
  const [reportFor, setReportFor] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useStatusReportJob(jobId);

  const failed = (error: Error) => {
    if (error instanceof ApiError && error.isServerError) return;
    toaster.create({ type: 'error', title: errorText(error) });
  };
  const reported = (result: { completed: number; failed: number; unchanged: number }) =>
    toaster.create({ type: 'success', title: t('report.done', result) });

  async function sendReport(file: File | undefined) {
    const fileId = reportFor;
    if (!file || !fileId) return;
    if (file.size > REPORT_MAX_BYTES) {
      toaster.create({ type: 'error', title: t('report.tooLarge') });
      return;
    }
    const content = await file.text();
    importReport.mutate(
      { fileId, fileName: file.name, content },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'done') reported(outcome.result);
          else {
            setJobId(outcome.job.id);
            toaster.create({ type: 'info', title: t('report.started') });
          }
        },
        onError: failed,
      },
    );
  }

  if (files.length === 0) return <Text color="fg.muted" data-testid="no-transfer-files">{t('list.empty')}</Text>;
  return (
    <>
      <input ref={picker} type="file" accept=".xml,application/xml,text/xml" hidden data-testid="status-report-input" onChange={(event) => void sendReport(event.target.files?.[0]).finally(() => (event.target.value = ''))} />
      {job.data && (
        <Text data-testid="status-report-job" mb={2}>
          {job.data.status === 'done' && job.data.result
            ? t('report.done', job.data.result)
            : job.data.status === 'failed'
              ? (job.data.error?.message ?? '')
              : t('report.progress', job.data.progress)}
        </Text>
      )}
      <Table.ScrollArea borderWidth="1px" rounded="md">
        <Table.Root size="sm" data-testid="transfer-files">
          <Table.Header>
            <Table.Row>
              {(['number', 'createdAt', 'executionDate', 'payments', 'total', 'status', 'downloads', 'settlement', 'actions'] as const).map((column) => (
                <Table.ColumnHeader key={column}>{t(`list.columns.${column}`)}</Table.ColumnHeader>
              ))}
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {files.map((file) => (
              <Table.Row key={file.id} data-testid={`transfer-file-${file.number}`}>
                <Table.Cell>{file.messageId}</Table.Cell>
                <Table.Cell>{formatDateTime(file.createdAt, i18n.language)}</Table.Cell>
                <Table.Cell>{formatDate(file.requestedExecutionDate, i18n.language)}</Table.Cell>
                <Table.Cell>
                  {file.initiatedCount ?? file.count}
                  {file.leftOutCount > 0 && <Text as="span" color="fg.muted">{` ${t('list.leftOut', { count: file.leftOutCount })}`}</Text>}
                </Table.Cell>
                <Table.Cell>{formatMoney(file.initiatedTotal ?? file.total, i18n.language)}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={STATUS_COLOURS[file.status]} data-testid="transfer-file-status">
                    {t(`statuses.${file.status}`)}
                  </Badge>
                </Table.Cell>
                <Table.Cell>{file.downloads}</Table.Cell>
                <Table.Cell>{file.initiatedCount === null ? '—' : t('list.settlement', { completed: file.completedCount, failed: file.failedCount })}</Table.Cell>
                <Table.Cell>
                  <HStack gap={2}>
                    <Button
                      size="xs"
                      variant="outline"
                      loading={downloadFile.isPending && downloadFile.variables?.id === file.id}
                      data-testid="download-file"
                      onClick={() => downloadFile.mutate(file, { onSuccess: ({ xml }) => download(xml, file.fileName), onError: failed })}
                    >
                      {t('actions.download')}
                    </Button>
                    {file.status === 'downloaded' && (
                      <>
                        <Button
                          size="xs"
                          variant="outline"
                          loading={importReport.isPending && reportFor === file.id}
                          data-testid="import-report"
                          onClick={() => {
                            setReportFor(file.id);
                            picker.current?.click();
                          }}
                        >
                          {t('actions.importReport')}
                        </Button>
                        <Button
                          size="xs"
                          variant="outline"
                          loading={markCompleted.isPending && markCompleted.variables === file.id}
                          data-testid="mark-completed"
                          onClick={() => {
                            if (!window.confirm(t('actions.markCompletedConfirm', { number: file.messageId }))) return;
                            markCompleted.mutate(file.id, { onSuccess: (result) => toaster.create({ type: 'success', title: t('actions.markedCompleted', { count: result.completed }) }), onError: failed });
                          }}
                        >
                          {t('actions.markCompleted')}
                        </Button>
                      </>
                    )}
                  </HStack>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
    </>
  );
}
