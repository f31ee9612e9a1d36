import { Badge, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useDiagnosis, type Diagnosis } from '../api/diagnosis';
import { diagnosisPaths } from '../paths';

/** One step of the diagnosis's screens: its diagnosis loaded, the item and its product above, the step's title and crumbs. */
export function DiagnosisFrame({ step, children }: { step: 'overview' | 'questions' | 'summary' | 'stock' | 'finalized'; children(diagnosis: Diagnosis): ReactNode }) {
  const { t } = useTranslation('refurb-diagnosis');
  const { id = '' } = useParams();
  const diagnosis = useDiagnosis(id);
  const title = t(`steps.${step}`);
  return (
    <Page
      title={title}
      breadcrumbs={[{ label: t('start.title'), to: diagnosisPaths.start }, ...(step === 'overview' ? [] : [{ label: t('steps.overview'), to: diagnosisPaths.overview(id) }]), { label: title }]}
      titleAddon={diagnosis.data && <Badge colorPalette={diagnosis.data.status === 'open' ? 'orange' : 'green'} data-testid="diagnosis-status">{t(`status.${diagnosis.data.status}`)}</Badge>}
    >
      {diagnosis.isError ? (
        <ApiErrorAlert error={diagnosis.error} onRetry={() => void diagnosis.refetch()} />
      ) : !diagnosis.data ? (
        <LoadingStatus />
      ) : (
        <Stack gap="6" maxW="4xl">
          <Text data-testid="diagnosis-item">
            {diagnosis.data.product.brand} {diagnosis.data.product.label} · {formatIdentificationNumber(diagnosis.data.item.identificationNumber)} ({diagnosis.data.item.shortCode})
          </Text>
          {children(diagnosis.data)}
        </Stack>
      )}
    </Page>
  );
}
