import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MarkCompletedResultView,
  StatusReportJobView,
  StatusReportResultView,
  TransferFileBuiltView,
  TransferFileView,
} from '@server/application/payments/transfer-file-views';
import type { ListPage } from '@server/application/views/schema';
import { newIdempotencyKey } from '../../../../shared/api/client';
import { api } from '../../../lib/api-client';

export type TransferFile = TransferFileView;
export const transferFileKeys = { all: ['payment-transfer-files'] as const, list: (page: number) => ['payment-transfer-files', 'list', page] as const, due: () => ['payment-transfer-files', 'due'] as const };
export const TRANSFER_FILES_PER_PAGE = 20;

/** GET /api/payments/transfer-files: the files, newest first. */
export function getTransferFiles(page: number, signal?: AbortSignal): Promise<ListPage<TransferFile>> {
  return api.get<ListPage<TransferFile>>('/payments/transfer-files', { query: { page, itemsPerPage: TRANSFER_FILES_PER_PAGE }, signal });
}

export const transferFilesQueryOptions = (page: number) => queryOptions({ queryKey: transferFileKeys.list(page), queryFn: ({ signal }) => getTransferFiles(page, signal) });

export function useTransferFiles(page: number) {
  return useQuery(transferFilesQueryOptions(page));
}

/** GET /api/payments/transfer-files/due: how many transfers the next file would carry. */
export function useDueTransfers() {
  return useQuery({ queryKey: transferFileKeys.due(), queryFn: ({ signal }) => api.get<{ count: number }>('/payments/transfer-files/due', { signal }) });
}

/** Every file-changing command refreshes the list and the due count. */
function useFileMutation<Input, Output>(send: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => queryClient.invalidateQueries({ queryKey: transferFileKeys.all }) });
}

/** POST /api/payments/transfer-files: the next file (one key per click: a retry never builds a second). */
export function useBuildTransferFile() {
  return useFileMutation((input: { requestedExecutionDate?: string }) =>
    api.post<TransferFileBuiltView>('/payments/transfer-files', input, { idempotencyKey: newIdempotencyKey() }).then((r) => r.data),
  );
}

/** GET /api/payments/transfer-files/{id}: the XML; the first download initiates its payments. */
export function useDownloadTransferFile() {
  return useFileMutation(async (file: TransferFile) => {
    const response = await api.request<Blob>('GET', `/payments/transfer-files/${encodeURIComponent(file.id)}`, { as: 'blob' });
    return { file, xml: response.data };
  });
}

export type StatusReportOutcome = { kind: 'done'; result: StatusReportResultView } | { kind: 'job'; job: StatusReportJobView };

/** POST /api/payments/transfer-files/{id}/status-report: at once, or a job to follow for a long report. */
export function useImportStatusReport() {
  return useFileMutation(async ({ fileId, fileName, content }: { fileId: string; fileName: string; content: string }): Promise<StatusReportOutcome> => {
    const response = await api.post<StatusReportResultView | StatusReportJobView>(
      `/payments/transfer-files/${encodeURIComponent(fileId)}/status-report`,
      { fileName, content },
      { idempotencyKey: newIdempotencyKey() },
    );
    return response.status === 202 ? { kind: 'job', job: response.data as StatusReportJobView } : { kind: 'done', result: response.data as StatusReportResultView };
  });
}

/** GET /api/payments/transfer-files/status-reports/jobs/{id}, polled until done or failed. */
export function useStatusReportJob(jobId: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['payment-transfer-files', 'job', jobId],
    enabled: jobId !== null,
    queryFn: async ({ signal }) => {
      const job = await api.get<StatusReportJobView>(`/payments/transfer-files/status-reports/jobs/${encodeURIComponent(jobId as string)}`, { signal });
      if (job.status === 'done' || job.status === 'failed') void queryClient.invalidateQueries({ queryKey: transferFileKeys.list(1) });
      return job;
    },
    refetchInterval: (query) => (query.state.data?.status === 'done' || query.state.data?.status === 'failed' ? false : 500),
  });
}

/** POST /api/payments/transfer-files/{id}/mark-completed. */
export function useMarkTransferFileCompleted() {
  return useFileMutation((fileId: string) =>
    api.post<MarkCompletedResultView>(`/payments/transfer-files/${encodeURIComponent(fileId)}/mark-completed`, {}, { idempotencyKey: newIdempotencyKey() }).then((r) => r.data),
  );
}
