import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { toaster } from '../../../components/toaster';
import { useExportBuybacks } from '../api/export-buybacks';
import type { BuybackListParams } from '../list-params';

function download(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** CSV of the filtered list (every page, same order), downloaded as buybacks-<date>.csv. */
export function ExportButton({ params }: { params: BuybackListParams }) {
  const { t } = useTranslation('buybacks');
  const exporting = useExportBuybacks();

  function run() {
    exporting.mutate(params, {
      onSuccess: ({ file, truncated }) => {
        download(file, `buybacks-${new Date().toISOString().slice(0, 10)}.csv`);
        toaster.create({
          type: truncated ? 'warning' : 'success',
          title: t(truncated ? 'notifications.exportTruncated' : 'notifications.exported'),
        });
      },
      onError: (error) => {
        if ((error as { isServerError?: boolean }).isServerError) return; // the server error modal says it
        toaster.create({ type: 'error', title: t('notifications.exportFailed') });
      },
    });
  }

  return (
    <Button variant="outline" colorPalette="brand" onClick={run} loading={exporting.isPending} loadingText={t('actions.exporting')}>
      {t('actions.export')}
    </Button>
  );
}
