import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { CatalogImportSummary } from '../api/imports';

const PALETTE: Record<CatalogImportSummary['status'], string> = { in_progress: 'blue', success: 'green', success_with_ignored: 'orange', error: 'red' };

export function ImportStatus({ status }: { status: CatalogImportSummary['status'] }) {
  const { t } = useTranslation('catalog-transfer');
  return (
    <Badge colorPalette={PALETTE[status]} data-testid="catalog-import-status" data-status={status}>
      {t(`imports.statuses.${status}`)}
    </Badge>
  );
}
