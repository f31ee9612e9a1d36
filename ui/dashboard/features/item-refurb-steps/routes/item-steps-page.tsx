import { Alert, Button, HStack, Link, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useCan } from '../../../lib/auth';
import { useCompleteRefurbishment, useItemSteps } from '../api/steps';
import { StepStatus } from '../components/step-status';
import { useNow } from '../hooks/use-now';
import { formatDuration, workedMs } from '../time-spent';
import { stepPaths } from '../paths';

/** items/{itemId}/item-refurb-steps: the item's steps in order with their status, what may be done, and the confirmation of the refurbishment. */
export function Component() {
  const { t, i18n } = useTranslation(['item-refurb-steps', 'api']);
  const { itemId = '' } = useParams();
  const navigate = useNavigate();
  const can = useCan();
  const steps = useItemSteps(itemId);
  const complete = useCompleteRefurbishment(itemId);
  const data = steps.data;
  // A step in progress counts its time on screen, each second.
  const now = useNow(Boolean(data?.steps.some((step) => step.runningSince)));
  const refusal = complete.error instanceof ApiError ? complete.error : null;

  return (
    <Page title={t('item.title')} breadcrumbs={[{ label: t('search.title'), to: stepPaths.search }, { label: t('item.title') }]}>
      {steps.error && <ApiErrorAlert error={steps.error} onRetry={() => void steps.refetch()} />}
      {data && (
        <Stack gap="5">
          <Text data-testid="steps-item">
            {formatIdentificationNumber(data.item.identificationNumber)} · {data.item.productLabel}
          </Text>
          {data.steps.length === 0 && <Text>{t('item.none')}</Text>}
          <Table.Root size="sm" data-testid="item-steps">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>#</Table.ColumnHeader>
                <Table.ColumnHeader>{t('item.step')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('item.stock')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('item.cost')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('item.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('item.timeSpent')}</Table.ColumnHeader>
                <Table.ColumnHeader />
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.steps.map((step) => (
                <Table.Row key={step.id} data-testid="item-step" data-name={step.name}>
                  <Table.Cell>{step.sequence}</Table.Cell>
                  <Table.Cell>{step.name}</Table.Cell>
                  <Table.Cell>{step.stock.name ?? '—'}</Table.Cell>
                  <Table.Cell>{formatMoney(step.cost, i18n.language)}</Table.Cell>
                  <Table.Cell>
                    <StepStatus status={step.status} />
                  </Table.Cell>
                  <Table.Cell data-testid="item-step-time" data-running={step.runningSince ? 'true' : 'false'}>
                    {formatDuration(workedMs(step, now))}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Link asChild>
                      <RouterLink to={stepPaths.step(step.id)}>{step.allowedActions.length > 0 && can('refurb.write') ? t('item.work') : t('item.open')}</RouterLink>
                    </Link>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
          {data.item.status === 'item_refurb_completed' && <Text data-testid="steps-confirmed">{t('completed.done')}</Text>}
          {refusal && (
            <Alert.Root status="warning" data-testid="completion-refusal">
              <Alert.Indicator />
              <Alert.Title>{t(`api:errors.${refusal.code}`, { ...(refusal.details ?? {}), defaultValue: refusal.code })}</Alert.Title>
            </Alert.Root>
          )}
          {can('refurb.write') && data.item.status === 'item_refurb_in_progress' && (
            <HStack gap="3" wrap="wrap" align="center">
              <Button
                data-testid="confirm-refurbishment"
                disabled={data.stepsLeft.length > 0}
                aria-describedby={data.stepsLeft.length > 0 ? 'confirm-blocked' : undefined}
                loading={complete.isPending}
                onClick={() => complete.mutate(undefined, { onSuccess: () => void navigate(stepPaths.completed(itemId)) })}
              >
                {t('item.confirm')}
              </Button>
              {data.stepsLeft.length > 0 && (
                <Text id="confirm-blocked" color="fg.muted" data-testid="confirm-blocked">
                  {t('item.confirmBlocked', {
                    count: data.stepsLeft.length,
                    steps: data.stepsLeft.map((left) => `${left.sequence}. ${left.name} (${t(`status.${left.status}`)})`).join(', '),
                  })}
                </Text>
              )}
            </HStack>
          )}
          {complete.error && !refusal && <ApiErrorAlert error={complete.error} />}
        </Stack>
      )}
    </Page>
  );
}
