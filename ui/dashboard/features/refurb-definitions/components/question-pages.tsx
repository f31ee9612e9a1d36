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
import { useCan } from '../../../lib/auth';
import { useChangeDefinition, useCreateDefinition, useDeleteDefinition, useRefurbQuestion } from '../api';
import { refurbPaths } from '../paths';
import { DefinitionHistory } from './definition-history';
import { QuestionForm, questionFieldOf } from './question-form';

function useQuestionsCrumb() {
  const { t } = useTranslation('refurb-definitions');
  return { label: t('questions.title'), to: refurbPaths.questions };
}

/** /refurb-diagnosis-questions/create: a new question, asked after the others. */
export function QuestionCreate() {
  const { t } = useTranslation('refurb-definitions');
  const navigate = useNavigate();
  const create = useCreateDefinition('refurb-diagnosis-questions');
  const refusals = useFormRefusals(questionFieldOf);
  const crumb = useQuestionsCrumb();
  return (
    <Page title={t('questions.createTitle')} breadcrumbs={[crumb, { label: t('questions.createTitle') }]}>
      <QuestionForm
        question={null}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        cancelTo={crumb.to}
        onSubmit={(body) => {
          refusals.clear();
          create.mutate(body, {
            onSuccess: () => {
              toaster.create({ type: 'success', title: t('questions.created') });
              void navigate(refurbPaths.questions);
            },
            onError: (error) => refusals.refuse(error),
          });
        }}
      />
    </Page>
  );
}

/** /refurb-diagnosis-questions/{id}/edit: its form, its deletion, its History tab. */
export function QuestionEdit({ id }: { id: string }) {
  const { t } = useTranslation('refurb-definitions');
  const can = useCan();
  const navigate = useNavigate();
  const question = useRefurbQuestion(id);
  const change = useChangeDefinition('refurb-diagnosis-questions');
  const remove = useDeleteDefinition('refurb-diagnosis-questions');
  const refusals = useFormRefusals(questionFieldOf);
  const [deleting, setDeleting] = useState(false);
  const crumb = useQuestionsCrumb();
  if (question.isPending) return <LoadingStatus size="lg" py="16" />;
  if (question.isError) return <DetailLoadFailed error={question.error} listCrumb={crumb} ns="refurb-definitions" />;
  const current = question.data;
  const editable = can('refurb_diagnostic.manage');
  return (
    <Page
      title={current.label}
      breadcrumbs={[crumb, { label: current.label }]}
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
            <QuestionForm
              key={current.revision}
              question={current}
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
                    onSuccess: () => toaster.create({ type: 'success', title: t('questions.updated') }),
                    onError: (error) => {
                      refusals.refuse(error);
                      void question.refetch();
                    },
                  },
                );
              }}
            />
          </Tabs.Content>
          <Tabs.Content value="history">
            <DefinitionHistory id={id} kind="question" />
          </Tabs.Content>
        </Tabs.Root>
      </Stack>
      <ConfirmDeleteDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('questions.deleteTitle', { label: current.label })}
        warning={t('questions.deleteWarning')}
        confirmLabel={t('actions.delete')}
        pending={remove.isPending}
        onConfirm={(refused) =>
          remove.mutate(
            { id, revision: current.revision },
            {
              onSuccess: () => {
                toaster.create({ type: 'success', title: t('questions.deleted') });
                void navigate(refurbPaths.questions);
              },
              onError: refused,
            },
          )
        }
      />
    </Page>
  );
}
