import { Button, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { lastListSearch } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/auth';
import { useChangeDefinition, useCreateDefinition, useDeleteDefinition, useRefurbStep } from '../api';
import { stepList } from '../list-params';
import { refurbPaths } from '../paths';
import { DefinitionHistory } from './definition-history';
import { StepForm, stepFieldOf } from './step-form';

function useStepsCrumb() {
  const { t } = useTranslation('refurb-definitions');
  return { label: t('steps.title'), to: `${refurbPaths.steps}${lastListSearch(stepList.name)}` };
}

/** /refurb-step/create: a new step definition; a taken name is said at the name. */
export function StepCreate() {
  const { t } = useTranslation('refurb-definitions');
  const navigate = useNavigate();
  const create = useCreateDefinition('refurb-steps');
  const refusals = useFormRefusals(stepFieldOf, { REFURB_STEP_NAME_TAKEN: 'name' });
  const crumb = useStepsCrumb();
  return (
    <Page title={t('steps.createTitle')} breadcrumbs={[crumb, { label: t('steps.createTitle') }]}>
      <StepForm
        step={null}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        cancelTo={crumb.to}
        onSubmit={(body) => {
          refusals.clear();
          create.mutate(body, {
            onSuccess: (answer) => {
              toaster.create({ type: 'success', title: t('steps.created', { name: String(body.name) }) });
              void navigate(refurbPaths.editStep(answer.id));
            },
            onError: (error) => refusals.refuse(error),
          });
        }}
      />
    </Page>
  );
}

/** /refurb-step/{id}/edit: its form (read-only without refurb_step.manage), its deletion (refused while items or questions plan it), its History tab. */
export function StepEdit({ id }: { id: string }) {
  const { t } = useTranslation('refurb-definitions');
  const can = useCan();
  const navigate = useNavigate();
  const step = useRefurbStep(id);
  const change = useChangeDefinition('refurb-steps');
  const remove = useDeleteDefinition('refurb-steps');
  const refusals = useFormRefusals(stepFieldOf, { REFURB_STEP_NAME_TAKEN: 'name' });
  const [deleting, setDeleting] = useState(false);
  const crumb = useStepsCrumb();
  if (step.isPending) return <LoadingStatus size="lg" py="16" />;
  if (step.isError) return <DetailLoadFailed error={step.error} listCrumb={crumb} ns="refurb-definitions" />;
  const current = step.data;
  const editable = can('refurb_step.manage');
  return (
    <Page
      title={current.name}
      breadcrumbs={[crumb, { label: current.name }]}
      actions={
        editable && (
          <Button variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
            {t('actions.delete')}
          </Button>
        )
      }
    >
      <Stack gap="5">
        <Tabs.Root defaultValue="general" variant="line" lazyMount>
          <Tabs.List mb="5">
            <Tabs.Trigger value="general">{t('tabs.general')}</Tabs.Trigger>
            <Tabs.Trigger value="history">{t('tabs.history')}</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="general">
            <StepForm
              key={current.revision}
              step={current}
              refused={refusals.refused}
              failure={refusals.failure}
              readOnly={!editable}
              submitting={change.isPending}
              cancelTo={crumb.to}
              onSubmit={(body) => {
                refusals.clear();
                change.mutate(
                  { id, body, revision: current.revision },
                  {
                    onSuccess: () => toaster.create({ type: 'success', title: t('steps.updated', { name: String(body.name) }) }),
                    onError: (error) => {
                      refusals.refuse(error);
                      void step.refetch();
                    },
                  },
                );
              }}
            />
          </Tabs.Content>
          <Tabs.Content value="history">
            <DefinitionHistory id={id} kind="step" />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
      <ConfirmDeleteDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('steps.deleteTitle', { name: current.name })}
        warning={t('steps.deleteWarning')}
        confirmLabel={t('actions.delete')}
        pending={remove.isPending}
        onConfirm={(refused) =>
          remove.mutate(
            { id, revision: current.revision },
            {
              onSuccess: () => {
                toaster.create({ type: 'success', title: t('steps.deleted', { name: current.name }) });
                void navigate(crumb.to);
              },
              onError: refused,
            },
          )
        }
      />
    </Page>
  );
}
