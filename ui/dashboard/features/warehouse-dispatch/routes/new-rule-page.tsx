import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCreateDispatchRule } from '../api/create-dispatch-rule';
import { RuleForm } from '../components/rule-form';
import { useRuleRefusal } from '../hooks/use-rule-refusal';
import { dispatchPaths } from '../paths';
import { draftOf } from '../rule-form-model';
import type { DispatchRuleInput } from '../types';

/** /warehouse-dispatch-rule/new: a rule, tried after the others (the list moves it). */
export function Component() {
  const { t } = useTranslation('warehouse-dispatch');
  const navigate = useNavigate();
  const create = useCreateDispatchRule();
  const keys = useIdempotencyKeys();
  const refusal = useRuleRefusal();

  function submit(rule: DispatchRuleInput) {
    refusal.clear();
    create.mutate(
      { rule, idempotencyKey: keys.keyFor(rule) },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('notifications.created', { title: rule.title }) });
          void navigate(dispatchPaths.list);
        },
        onError: refusal.refuse,
      },
    );
  }

  return (
    <Page title={t('create.title')} breadcrumbs={[{ label: t('list.title'), to: dispatchPaths.list }, { label: t('create.title') }]}>
      <RuleForm
        initial={draftOf(null)}
        readOnly={false}
        refused={refusal.refused}
        submitting={create.isPending}
        submitLabel={t('create.submit')}
        cancelTo={dispatchPaths.list}
        onSubmit={submit}
      />
    </Page>
  );
}
