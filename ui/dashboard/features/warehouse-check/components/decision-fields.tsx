import { QUARANTINE_REASONS } from '@server/domain/warehouse/items/events';
import { Field, NativeSelect, RadioGroup, Stack, Textarea } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

export const TEXT_MAX = 255;

/** The decision as the form holds it. */
export interface DecisionDraft {
  kind: 'by_rule' | 'quarantine';
  comment: string;
  proposalReason: string;
  quarantineReason: string;
  quarantineComment: string;
}

export const EMPTY_DECISION: DecisionDraft = { kind: 'by_rule', comment: '', proposalReason: '', quarantineReason: '', quarantineComment: '' };

export type DecisionErrors = Partial<Record<'comment' | 'proposalReason' | 'quarantineReason' | 'quarantineComment', string>>;

interface DecisionFieldsProps {
  draft: DecisionDraft;
  onChange(draft: DecisionDraft): void;
  errors: DecisionErrors;
  proposal: boolean;
  commentRequired: boolean;
  commentShared: boolean;
}

/**
 * How the check ends: as the outcome gives it (a proposal says why to the
 * customer) or in quarantine (a reason, and a comment the customer's dispute
 * e-mail carries); and the warehouse comment, required or not, shared with
 * the customer or internal, as the retailer set it: said next to the field.
 */
export function DecisionFields({ draft, onChange, errors, proposal, commentRequired, commentShared }: DecisionFieldsProps) {
  const { t } = useTranslation('warehouse-check');
  const set = (change: Partial<DecisionDraft>) => onChange({ ...draft, ...change });
  return (
    <Stack gap={5}>
      <RadioGroup.Root value={draft.kind} onValueChange={(details) => set({ kind: details.value === 'quarantine' ? 'quarantine' : 'by_rule' })} colorPalette="brand">
        <RadioGroup.Label fontWeight="semibold" mb={2}>
          {t('decision.label')}
        </RadioGroup.Label>
        <Stack gap={2}>
          <RadioGroup.Item value="by_rule">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{proposal ? t('decision.propose') : t('decision.complete')}</RadioGroup.ItemText>
          </RadioGroup.Item>
          <RadioGroup.Item value="quarantine">
            <RadioGroup.ItemHiddenInput />
            <RadioGroup.ItemIndicator />
            <RadioGroup.ItemText>{t('decision.quarantine')}</RadioGroup.ItemText>
          </RadioGroup.Item>
        </Stack>
      </RadioGroup.Root>

      {draft.kind === 'by_rule' && proposal && (
        <Field.Root required invalid={Boolean(errors.proposalReason)}>
          <Field.Label>
            {t('decision.proposalReason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea name="proposalReason" rows={2} maxLength={TEXT_MAX} value={draft.proposalReason} onChange={(event) => set({ proposalReason: event.target.value })} />
          <Field.HelperText>{t('decision.proposalReasonHelp')}</Field.HelperText>
          <Field.ErrorText>{errors.proposalReason}</Field.ErrorText>
        </Field.Root>
      )}

      {draft.kind === 'quarantine' && (
        <>
          <Field.Root required invalid={Boolean(errors.quarantineReason)}>
            <Field.Label>
              {t('decision.quarantineReason')}
              <Field.RequiredIndicator />
            </Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="quarantineReason" value={draft.quarantineReason} onChange={(event) => set({ quarantineReason: event.target.value })}>
                <option value="">{t('decision.chooseReason')}</option>
                {QUARANTINE_REASONS.map((reason) => (
                  <option key={reason} value={reason}>
                    {t(`api:items.quarantineReasons.${reason}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{errors.quarantineReason}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(errors.quarantineComment)}>
            <Field.Label>
              {t('decision.quarantineComment')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Textarea name="quarantineComment" rows={2} maxLength={TEXT_MAX} value={draft.quarantineComment} onChange={(event) => set({ quarantineComment: event.target.value })} />
            <Field.HelperText>{t('decision.quarantineCommentHelp')}</Field.HelperText>
            <Field.ErrorText>{errors.quarantineComment}</Field.ErrorText>
          </Field.Root>
        </>
      )}

      <Field.Root required={commentRequired} invalid={Boolean(errors.comment)}>
        <Field.Label>
          {t('decision.comment')}
          <Field.RequiredIndicator fallback={<span> {t('decision.optional')}</span>} />
        </Field.Label>
        <Textarea name="comment" rows={3} maxLength={TEXT_MAX} value={draft.comment} onChange={(event) => set({ comment: event.target.value })} />
        <Field.HelperText data-testid="comment-audience">{commentShared ? t('decision.commentShared') : t('decision.commentInternal')}</Field.HelperText>
        <Field.ErrorText>{errors.comment}</Field.ErrorText>
      </Field.Root>
    </Stack>
  );
}

/** What the form asks before sending: the comment when the retailer requires it, the proposal's reason, the quarantine's reason and comment. */
export function decisionErrors(draft: DecisionDraft, proposal: boolean, commentRequired: boolean, t: (key: string) => string): DecisionErrors {
  const errors: DecisionErrors = {};
  if (commentRequired && !draft.comment.trim()) errors.comment = t('api:errors.WAREHOUSE_COMMENT_REQUIRED');
  if (draft.kind === 'by_rule' && proposal && !draft.proposalReason.trim()) errors.proposalReason = t('api:errors.COMPLIANCE_PROPOSAL_REASON_REQUIRED');
  if (draft.kind === 'quarantine' && !draft.quarantineReason) errors.quarantineReason = t('decision.quarantineReasonRequired');
  if (draft.kind === 'quarantine' && !draft.quarantineComment.trim()) errors.quarantineComment = t('decision.quarantineCommentRequired');
  return errors;
}
