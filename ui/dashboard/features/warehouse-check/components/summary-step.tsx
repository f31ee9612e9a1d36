import type { CompliancePreviewView, ItemLookupView } from '@server/application/warehouse/warehouse-views';
import { Alert, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ImeiMismatchDialog } from '../../../../shared/buyback-path/components/imei';
import { isImeiMismatch, usePreview } from '../api/preview-compliance-check';
import type { Findings, FindingsBody } from '../findings';
import { DecisionForm, type Recorded } from './decision-form';
import { NotCheckable } from './not-checkable';
import { PriceSummary } from './price-summary';
import { PricesWarning } from './prices-warning';
import { StepHeading } from './step-heading';
import { LoadingStatus } from '../../../components/loading-status';

interface SummaryStepProps {
  lookup: ItemLookupView;
  etag: string | null;
  findings: Findings;
  body: FindingsBody;
  onChange(findings: Findings): void;
  onBack(): void;
  onRecorded(recorded: Recorded): void;
  onReload(): void;
}

/**
 * Step 4: what the findings give (POST …/compliance-checks/preview), then how
 * the check ends, recorded with the item's revision. An IMEI of another
 * model found only now (the product's TAC codes were not known on the
 * specifications step) is offered "continue anyway" here too.
 */
export function SummaryStep({ lookup, etag, findings, body, onChange, onBack, onRecorded, onReload }: SummaryStepProps) {
  const { t } = useTranslation(['warehouse-check', 'api']);
  const preview = usePreview(lookup.item.id, body);
  const notCheckedIn = preview.error instanceof ApiError && preview.error.code === 'ITEM_NOT_CHECKED_IN';
  return (
    <Stack gap={6}>
      <StepHeading title={t('summary.title')} intro={t('summary.intro')} />
      {preview.isError && !isImeiMismatch(preview.error) ? (
        notCheckedIn ? (
          <NotCheckable item={lookup.item} refusal={{ code: 'ITEM_NOT_CHECKED_IN', status: lookup.item.status }} />
        ) : (
          <ApiErrorAlert error={preview.error} onRetry={() => void preview.refetch()} />
        )
      ) : !preview.data ? (
        <LoadingStatus />
      ) : (
        <Loaded preview={preview.data} lookup={lookup} etag={etag} body={body} onBack={onBack} onRecorded={onRecorded} onReload={onReload} stale={preview.isPlaceholderData} />
      )}
      <ImeiMismatchDialog
        open={isImeiMismatch(preview.error)}
        imei={body.imei ?? ''}
        onBack={onBack}
        onContinue={() => onChange({ ...findings, acceptUnknownImei: true })}
      />
    </Stack>
  );
}

function Loaded(props: { preview: CompliancePreviewView; lookup: ItemLookupView; etag: string | null; body: FindingsBody; stale: boolean } & Pick<SummaryStepProps, 'onBack' | 'onRecorded' | 'onReload'>) {
  const { t } = useTranslation('warehouse-check');
  const { preview } = props;
  return (
    <Stack gap={6} aria-busy={props.stale}>
      {preview.pricesMayHaveChanged && <PricesWarning declaredAt={preview.declaredAt} />}
      {preview.registersItem && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>{t('summary.registersItem')}</Alert.Description>
        </Alert.Root>
      )}
      <PriceSummary preview={preview} declaredGrade={props.lookup.declaration.grade} />
      <DecisionForm preview={preview} itemId={props.lookup.item.id} etag={props.etag} body={props.body} onBack={props.onBack} onRecorded={props.onRecorded} onReload={props.onReload} />
    </Stack>
  );
}
