import type { VerificationView } from '@server/application/warehouse/warehouse-views';
import { Alert, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { Facts, FactsSection } from '../../../components/facts';
import { nameIn, useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { CodeGroup } from './code-group';
import { useChoosesWarehouse } from './scope-fields';
import { useScopeLabel } from './use-scope-label';

/**
 * A verification's report: the file and what it was compared with, then the
 * matched, missing (expected, not in the list) and unexpected (in the list,
 * not expected) codes, each with its exact count. The report is also
 * e-mailed to whoever made it.
 */
export function VerificationReport({ report, justVerified }: { report: VerificationView; justVerified: boolean }) {
  const { t, i18n } = useTranslation('warehouse-verification');
  const scopeLabel = useScopeLabel();
  const showsWarehouse = useChoosesWarehouse();
  const warehouses = useBuybackReferences().data?.warehouses;
  return (
    <Stack gap="5">
      <Alert.Root status={justVerified ? 'success' : 'info'} data-testid="verification-mailed">
        <Alert.Indicator />
        <Alert.Title>{justVerified ? t('report.mailedNow') : t('report.mailed')}</Alert.Title>
      </Alert.Root>
      <FactsSection id="verification-summary" title={t('report.summary')}>
        <Facts
          items={[
            [t('report.fileName'), report.fileName],
            [t('report.scope'), scopeLabel(report)],
            ...(showsWarehouse ? ([[t('report.warehouse'), nameIn(warehouses, report.warehouseId)]] as Array<[string, string | null]>) : []),
            [t('report.createdAt'), formatDateTime(report.createdAt, i18n.language)],
            [t('report.codesRead'), <span key="read" data-testid="verification-codes-read">{new Intl.NumberFormat(i18n.language).format(report.codesRead)}</span>],
          ]}
        />
      </FactsSection>
      <SimpleGrid columns={{ base: 1, xl: 3 }} gap="5" alignItems="start">
        <CodeGroup kind="matched" group={report.matched} palette="green" />
        <CodeGroup kind="missing" group={report.missing} palette="orange" />
        <CodeGroup kind="unexpected" group={report.unexpected} palette="red" />
      </SimpleGrid>
    </Stack>
  );
}
