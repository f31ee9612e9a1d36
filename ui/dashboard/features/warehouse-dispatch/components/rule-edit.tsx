import { Button, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../../../shared/format/format';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { StaleAlert, useReloadAfterConflict } from '../../../components/stale-alert';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { useDispatchRule } from '../api/get-dispatch-rule';
import { useDispatchSettings } from '../api/get-dispatch-settings';
import { useUpdateDispatchRule } from '../api/update-dispatch-rule';
import { useRuleRefusal } from '../hooks/use-rule-refusal';
import { dispatchPaths } from '../paths';
import { draftOf } from '../rule-form-model';
import type { DispatchRuleInput } from '../types';
import { DeleteRuleDialog } from './delete-rule-dialog';
import { RuleForm } from './rule-form';

/**
 * A rule: its form (read-only without dispatch_rule.manage), saved at the
 * rules' revision it was loaded at; its deletion, confirmed. Another
 * administrator's change in between reloads the rule and says so.
 */
export function RuleEdit({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['warehouse-dispatch', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const rule = useDispatchRule(id);
  const settings = useDispatchSettings();
  const update = useUpdateDispatchRule();
  const [deleting, setDeleting] = useState(false);
  // The rules' revision the form edits: pinned when first loaded, so that a refetch never hides someone else's change.
  const [pinned, setPinned] = useState<number | null>(null);
  useEffect(() => {
    if (pinned === null && settings.data) setPinned(settings.data.revision);
  }, [pinned, settings.data]);
  const conflict = useReloadAfterConflict(() =>
    Promise.all([rule.refetch(), settings.refetch()]).then(([, fresh]) => {
      if (fresh.data) setPinned(fresh.data.revision);
    }),
  );
  const refusal = useRuleRefusal(() => {
    setDeleting(false);
    conflict.reload();
  });
  const listCrumb = { label: t('warehouse-dispatch:list.title'), to: dispatchPaths.list };

  if (rule.isError) return <DetailLoadFailed error={rule.error} listCrumb={listCrumb} ns="warehouse-dispatch" />;
  if (settings.isError) return <DetailLoadFailed error={settings.error} listCrumb={listCrumb} ns="warehouse-dispatch" />;
  if (rule.isPending || pinned === null) return <LoadingStatus size="lg" py="16" />;

  const current = rule.data;
  const editable = can('dispatch_rule.manage');
  const revision = pinned;

  function submit(input: DispatchRuleInput) {
    refusal.clear();
    update.mutate(
      { id, rule: input, revision },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('warehouse-dispatch:notifications.updated', { title: input.title }) });
          void navigate(dispatchPaths.list);
        },
        onError: refusal.refuse,
      },
    );
  }

  return (
    <Page
      title={editable ? t('warehouse-dispatch:edit.title', { title: current.title }) : current.title}
      breadcrumbs={[listCrumb, { label: current.title }]}
      actions={
        editable && (
          <Button colorPalette="red" variant="outline" onClick={() => setDeleting(true)}>
            {t('warehouse-dispatch:actions.delete')}
          </Button>
        )
      }
    >
      {conflict.stale && <StaleAlert title={t('warehouse-dispatch:notifications.staleTitle')} onClose={conflict.dismiss} />}
      <Text mb="4" color="fg.muted" data-testid="rule-facts">
        {t('warehouse-dispatch:edit.facts', { position: current.position + 1, updatedAt: formatDateTime(current.updatedAt, i18n.language) })}
      </Text>
      <RuleForm
        key={`${revision}-${current.updatedAt}`}
        initial={draftOf(current)}
        readOnly={!editable}
        refused={refusal.refused}
        submitting={update.isPending}
        submitLabel={t('common:actions.save')}
        cancelTo={dispatchPaths.list}
        onSubmit={submit}
      />
      <DeleteRuleDialog
        rule={current}
        revision={revision}
        open={deleting}
        onClose={() => setDeleting(false)}
        onStale={() => {
          setDeleting(false);
          conflict.reload();
        }}
        onDeleted={() => void navigate(dispatchPaths.list)}
      />
    </Page>
  );
}
