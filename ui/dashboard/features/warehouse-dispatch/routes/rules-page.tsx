import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { StaleAlert, useReloadAfterConflict } from '../../../components/stale-alert';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { useDispatchRules } from '../api/get-dispatch-rules';
import { useDispatchSettings } from '../api/get-dispatch-settings';
import { useReorderDispatchRules } from '../api/reorder-dispatch-rules';
import { DefaultWarehouse } from '../components/default-warehouse';
import { RulesTable } from '../components/rules-table';
import { isStaleRules } from '../hooks/use-rule-refusal';
import { dispatchPaths } from '../paths';
import { moveRule } from '../rule-form-model';

/**
 * /warehouse-dispatch: the rules in the order they are tried (the first
 * whose conditions all hold sends the device), moved up or down; the default
 * warehouse for what no rule sends; the way to a new rule.
 */
export function Component() {
  const { t } = useTranslation('warehouse-dispatch');
  const can = useCan();
  const rules = useDispatchRules();
  const settings = useDispatchSettings();
  const reorder = useReorderDispatchRules();
  const keys = useIdempotencyKeys();
  const errorText = useApiErrorText();
  const conflict = useReloadAfterConflict(() => Promise.all([rules.refetch(), settings.refetch()]));
  const editable = can('dispatch_rule.manage');

  function move(index: number, delta: -1 | 1) {
    if (!rules.data || !settings.data) return;
    const ruleIds = moveRule(
      rules.data.items.map((rule) => rule.id),
      index,
      delta,
    );
    const revision = settings.data.revision;
    reorder.mutate(
      { ruleIds, revision, idempotencyKey: keys.keyFor({ ruleIds, revision }) },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('notifications.reordered') }),
        onError: (error) => {
          if (error instanceof ApiError && error.isServerError) return;
          if (isStaleRules(error)) conflict.reload();
          else toaster.create({ type: 'error', title: errorText(error) });
        },
      },
    );
  }

  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        editable && (
          <Button asChild colorPalette="brand">
            <RouterLink to={dispatchPaths.create}>{t('actions.create')}</RouterLink>
          </Button>
        )
      }
    >
      {conflict.stale && <StaleAlert title={t('notifications.staleTitle')} onClose={conflict.dismiss} />}
      {rules.isError || settings.isError ? (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{t('list.loadFailed')}</Alert.Title>
        </Alert.Root>
      ) : !rules.data || !settings.data ? (
        <LoadingStatus size="lg" py="16" />
      ) : (
        <Stack gap="6">
          <Box as="section" aria-labelledby="dispatch-rules-title">
            <Heading as="h2" size="md" mb="2" id="dispatch-rules-title">
              {t('list.rulesTitle')}
            </Heading>
            <Text mb="3" fontSize="sm" color="fg.muted">
              {t('list.help')}
            </Text>
            {rules.data.items.length === 0 ? (
              <Box bg="bg" borderWidth="1px" borderRadius="md" p="8" textAlign="center">
                <Text>{t('list.empty')}</Text>
              </Box>
            ) : (
              <RulesTable rules={rules.data.items} onMove={editable ? move : undefined} moving={reorder.isPending || rules.isFetching} />
            )}
          </Box>
          <DefaultWarehouse settings={settings.data} editable={editable} onStale={conflict.reload} />
        </Stack>
      )}
    </Page>
  );
}
