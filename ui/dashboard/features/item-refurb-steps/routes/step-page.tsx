import { Alert, Button, Field, HStack, Link, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatDateTime, formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { useStep, useStepAction, type StepAction } from '../api/steps';
import { StepStatus } from '../components/step-status';
import { useNow } from '../hooks/use-now';
import { formatDuration, workedMs } from '../time-spent';
import { stepPaths } from '../paths';

const COMMENT_MAX = 255;

/**
 * item-refurb-steps/{id}: one step's execution. The actions its status
 * allows, each sent at the revision shown: another user's change since is
 * refused (REFURB_STEP_STATUS_CHANGED) and shown with a reload. Cancelling
 * needs a comment; validating takes an optional one.
 */
export function Component() {
  const { t, i18n } = useTranslation(['item-refurb-steps', 'api']);
  const { id = '' } = useParams();
  const can = useCan();
  const step = useStep(id);
  const act = useStepAction(id);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const data = step.data;
  // The time worked counts on screen while the step runs (from its last start or resume, pauses excluded).
  const now = useNow(Boolean(data?.runningSince));
  const refusal = act.error instanceof ApiError ? act.error : null;
  const changed = refusal?.code === 'REFURB_STEP_STATUS_CHANGED';

  function run(action: StepAction) {
    if (!data) return;
    const text = comment.trim();
    if (action === 'cancel' && !text) {
      setMissing(true);
      return;
    }
    setMissing(false);
    const withComment = action === 'cancel' || action === 'validate' ? { comment: text || null } : {};
    act.mutate({ action, revision: data.revision, ...withComment }, { onSuccess: () => setComment('') });
  }

  function reload() {
    act.reset();
    void step.refetch();
  }

  return (
    <Page title={data ? data.name : t('step.title')} breadcrumbs={[{ label: t('search.title'), to: stepPaths.search }, ...(data ? [{ label: t('item.title'), to: stepPaths.item(data.itemId) }] : []), { label: t('step.title') }]}>
      {step.error && <ApiErrorAlert error={step.error} onRetry={() => void step.refetch()} />}
      {data && (
        <Stack gap="5" maxW="3xl">
          <HStack gap="3">
            <StepStatus status={data.status} />
            <Text>
              {formatIdentificationNumber(data.item.identificationNumber)} · {data.item.productLabel}
            </Text>
          </HStack>
          {data.description && <Text>{data.description}</Text>}
          <Text data-testid="step-facts" data-running={data.runningSince ? 'true' : 'false'}>
            {t('step.facts', { stock: data.stock.name ?? '—', cost: formatMoney(data.cost, i18n.language), time: formatDuration(workedMs(data, now)) })}
          </Text>
          {changed && (
            <Alert.Root status="warning" data-testid="step-status-changed">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t('api:errors.REFURB_STEP_STATUS_CHANGED')}</Alert.Title>
                <Alert.Description>{t('step.changedTo', { status: t(`status.${String(refusal?.details?.status ?? '')}`) })}</Alert.Description>
              </Alert.Content>
              <Button size="sm" onClick={reload} data-testid="step-reload">
                {t('step.reload')}
              </Button>
            </Alert.Root>
          )}
          {refusal && !changed && (
            <Alert.Root status="error" data-testid="step-refusal">
              <Alert.Indicator />
              <Alert.Title>{t(`api:errors.${refusal.code}`, { ...(refusal.details ?? {}), defaultValue: refusal.code })}</Alert.Title>
            </Alert.Root>
          )}
          {act.error && !refusal && <ApiErrorAlert error={act.error} />}
          {can('refurb.write') && data.allowedActions.length > 0 && (
            <Stack gap="3">
              {(data.allowedActions.includes('cancel') || data.allowedActions.includes('validate')) && (
                <Field.Root invalid={missing}>
                  <Field.Label>{t('step.comment')}</Field.Label>
                  <Textarea value={comment} maxLength={COMMENT_MAX} onChange={(e) => setComment(e.target.value)} data-testid="step-comment" />
                  <Field.HelperText>{t('step.commentHelp', { max: COMMENT_MAX })}</Field.HelperText>
                  {missing && <Field.ErrorText>{t('api:errors.REFURB_COMMENT_REQUIRED')}</Field.ErrorText>}
                </Field.Root>
              )}
              <HStack gap="3" wrap="wrap">
                {data.allowedActions.map((action) => (
                  <Button
                    key={action}
                    data-testid={`step-${action}`}
                    variant={action === 'cancel' ? 'outline' : 'solid'}
                    colorPalette={action === 'cancel' ? 'red' : undefined}
                    loading={act.isPending && act.variables?.action === action}
                    onClick={() => run(action)}
                  >
                    {t(`actions.${action}`)}
                  </Button>
                ))}
              </HStack>
            </Stack>
          )}
          <Stack gap="1" data-testid="step-actions-done">
            {data.actions.map((done, index) => (
              <Text key={index} fontSize="sm">
                {formatDateTime(done.at, i18n.language)} · {t(`done.${done.action}`)} · {done.by?.name ?? '—'}
                {done.comment ? ` · « ${done.comment} »` : ''}
              </Text>
            ))}
          </Stack>
          <Link asChild alignSelf="start">
            <RouterLink to={stepPaths.item(data.itemId)}>{t('step.back')}</RouterLink>
          </Link>
        </Stack>
      )}
    </Page>
  );
}
