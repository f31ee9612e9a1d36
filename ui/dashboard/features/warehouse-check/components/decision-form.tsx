import type { CommandAnswer } from '@server/application/views/schema';
import type { CompliancePreviewView, ItemView } from '@server/application/warehouse/warehouse-views';
import { Alert, Box, Button, chakra, HStack, Stack } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatMoney } from '../../../../shared/format/format';
import { ApiError } from '../../../lib/api-client';
import { itemQueryOptions } from '../../../components/warehouse-item/api/get-item';
import { useRecordComplianceCheck, type CheckDecision } from '../api/record-compliance-check';
import type { FindingsBody } from '../findings';
import { decisionErrors, DecisionFields, EMPTY_DECISION, type DecisionDraft, type DecisionErrors } from './decision-fields';

/** What the confirmation shows: the command's answer, the item as the check left it (null if it could not be read back), and what was decided on which summary. */
export interface Recorded {
  answer: CommandAnswer;
  item: ItemView | null;
  decision: CheckDecision;
  preview: CompliancePreviewView;
}

/** Refusals that say the item changed since this screen read it: reload it. */
const STALE_CODES = ['CONCURRENT_MODIFICATION', 'ITEM_TRANSITION_NOT_ALLOWED', 'ITEM_CHECK_ALREADY_DONE', 'ITEM_CHECK_WRONG_STATUS', 'ITEM_NOT_ELIGIBLE_FOR_CHECK', 'ITEM_CANCELLED'];

interface DecisionFormProps {
  preview: CompliancePreviewView;
  itemId: string;
  etag: string | null;
  body: FindingsBody;
  onBack(): void;
  onRecorded(recorded: Recorded): void;
  onReload(): void;
}

/** The end of the check: the decision, the comments, and the command (If-Match: the item's revision; an Idempotency-Key per request). */
export function DecisionForm({ preview, itemId, etag, body, onBack, onRecorded, onReload }: DecisionFormProps) {
  const { t, i18n } = useTranslation(['warehouse-check', 'api']);
  const queryClient = useQueryClient();
  const record = useRecordComplianceCheck();
  const keys = useIdempotencyKeys();
  const [draft, setDraft] = useState<DecisionDraft>(EMPTY_DECISION);
  const [errors, setErrors] = useState<DecisionErrors>({});
  /** Recorded, the item being read back for the confirmation. */
  const [finishing, setFinishing] = useState(false);
  const proposal = preview.outcome.kind === 'price_proposal';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = decisionErrors(draft, proposal, preview.commentRequired, t);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) return form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    const decision: CheckDecision =
      draft.kind === 'quarantine'
        ? { kind: 'quarantine', reason: draft.quarantineReason, comment: draft.quarantineComment.trim() }
        : { kind: 'by_rule', ...(proposal ? { proposalReason: draft.proposalReason.trim() } : {}) };
    const request = { ...body, comment: draft.comment.trim() || null, decision };
    record.mutate(
      { itemId, body: request, etag, idempotencyKey: keys.keyFor(request) },
      {
        onSuccess: async (answer) => {
          setFinishing(true);
          const read = await queryClient.fetchQuery(itemQueryOptions(itemId)).catch(() => null);
          onRecorded({ answer, item: read?.item ?? null, decision, preview });
        },
        onError: (error) => {
          if (!(error instanceof ApiError)) return;
          if (error.code === 'WAREHOUSE_COMMENT_REQUIRED') setErrors({ comment: t('api:errors.WAREHOUSE_COMMENT_REQUIRED') });
          if (error.code === 'COMPLIANCE_PROPOSAL_REASON_REQUIRED') setErrors({ proposalReason: t('api:errors.COMPLIANCE_PROPOSAL_REASON_REQUIRED') });
        },
      },
    );
  };

  const error = record.error;
  const stale = error instanceof ApiError && (error.status === 412 || STALE_CODES.includes(error.code));
  const onField = error instanceof ApiError && ['WAREHOUSE_COMMENT_REQUIRED', 'COMPLIANCE_PROPOSAL_REASON_REQUIRED'].includes(error.code);
  const outcome = preview.outcome;
  const submitLabel =
    draft.kind === 'quarantine'
      ? t('decision.submitQuarantine')
      : outcome.kind === 'price_proposal'
        ? t('decision.submitProposal', { price: formatMoney(outcome.proposedPrice, i18n.language) })
        : t('decision.submitComplete', { price: formatMoney(outcome.validatedPrice, i18n.language) });

  return (
    <chakra.form onSubmit={submit} noValidate borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }} bg="bg">
      <Stack gap={5}>
        <DecisionFields
          draft={draft}
          onChange={setDraft}
          errors={errors}
          proposal={proposal}
          commentRequired={preview.commentRequired}
          commentShared={preview.commentShared}
        />
        {stale ? (
          <Alert.Root status="warning" role="alert">
            <Alert.Indicator />
            <Alert.Content gap={2}>
              <Alert.Description>{t('decision.stale')}</Alert.Description>
              <Box>
                <Button size="sm" variant="outline" onClick={onReload}>
                  {t('decision.reload')}
                </Button>
              </Box>
            </Alert.Content>
          </Alert.Root>
        ) : (
          record.isError && !onField && <ApiErrorAlert error={error} />
        )}
        <HStack justify="space-between" gap={3} flexWrap="wrap">
          <Button type="button" variant="outline" onClick={onBack}>
            {t('actions.back')}
          </Button>
          <Button type="submit" colorPalette={draft.kind === 'quarantine' ? 'red' : 'brand'} size="lg" loading={record.isPending || finishing} loadingText={t('decision.recording')}>
            {submitLabel}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
