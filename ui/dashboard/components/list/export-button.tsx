import { Button } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toaster } from '../toaster';

/** Saves a file the browser holds under `name` (the browser's own download). */
export function download(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** The viewer's IANA time zone, which an export writes its dates in (as the screen shows them). */
export function viewerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

interface ExportButtonProps {
  /** The feature's namespace: `actions.export`, `actions.exporting`, `notifications.exported`, `notifications.exportFailed`. */
  ns: string;
  /** The file's name without the date and extension: `buybacks` gives `buybacks-2026-03-25.csv`. */
  filename: string;
  /** Fetches the CSV of the list as filtered and sorted on screen (every row: the API streams it). */
  exportList(): Promise<Blob>;
}

/** The list's CSV export: downloads the whole filtered list, says when it is done or why not. */
export function ExportButton({ ns, filename, exportList }: ExportButtonProps) {
  const { t } = useTranslation(ns);
  const exporting = useMutation({ mutationFn: exportList });

  function run() {
    exporting.mutate(undefined, {
      onSuccess: (file) => {
        download(file, `${filename}-${new Date().toISOString().slice(0, 10)}.csv`);
        toaster.create({ type: 'success', title: t('notifications.exported') });
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
