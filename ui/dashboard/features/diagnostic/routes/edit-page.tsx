import { Button, Stack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { useCan } from '../../../lib/auth';
import { useDeleteQuestion, useQuestion, useUpdateQuestion } from '../api/questions';
import { QuestionForm } from '../components/question-form';
import { QuestionHistoryTab } from '../components/question-history';
import { valuesOf, type QuestionBody } from '../form-model';
import { diagnosticPaths } from '../paths';

/** category/{categoryId}/question/{questionId}: the question's form (read-only without question.manage), saved with the revision read, and its History. */
export function Component() {
  const { categoryId = '', questionId = '' } = useParams();
  const { t } = useTranslation(['diagnostic', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const question = useQuestion(questionId);
  const update = useUpdateQuestion();
  const remove = useDeleteQuestion();
  const refusals = useFormRefusals<string>((path) => path);
  const [deleting, setDeleting] = useState(false);
  const categoryPath = diagnosticPaths.category(categoryId);
  const crumb = { label: t('home.title'), to: diagnosticPaths.home };

  if (question.isPending) return <LoadingStatus size="lg" py="16" />;
  if (question.isError) return <DetailLoadFailed error={question.error} listCrumb={crumb} ns="diagnostic" />;
  const current = question.data;
  const editable = can('question.manage');

  function submit(body: QuestionBody) {
    refusals.clear();
    update.mutate(
      { id: questionId, body, revision: current.revision },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('notifications.updated', { title: body.title }) });
          void navigate(categoryPath);
        },
        onError: (error) => {
          refusals.refuse(error);
          void question.refetch();
        },
      },
    );
  }

  return (
    <Page
      title={editable ? t('edit.title', { title: current.title }) : current.title}
      breadcrumbs={[crumb, { label: t('edit.category'), to: categoryPath }, { label: current.title }]}
      actions={
        editable ? (
          <Button variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
            {t('edit.delete')}
          </Button>
        ) : undefined
      }
    >
      <Tabs.Root defaultValue="question" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="question">{t('edit.tabs.question')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('edit.tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="question">
          <Stack gap="5">
            <QuestionForm
              key={current.revision}
              initial={valuesOf(current)}
              refused={refusals.refused}
              failure={refusals.failure}
              readOnly={!editable}
              submitting={update.isPending}
              submitLabel={t('common:actions.save')}
              cancelTo={categoryPath}
              onSubmit={submit}
            />
          </Stack>
        </Tabs.Content>
        <Tabs.Content value="history">
          <QuestionHistoryTab id={questionId} />
        </Tabs.Content>
      </Tabs.Root>
      <ConfirmDeleteDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.title')}
        warning={t('delete.warning', { title: current.title })}
        confirmLabel={t('delete.confirm')}
        pending={remove.isPending}
        onConfirm={(refused) =>
          remove.mutate(
            { id: questionId, revision: current.revision },
            {
              onSuccess: () => {
                toaster.create({ type: 'success', title: t('notifications.deleted', { title: current.title }) });
                void navigate(categoryPath);
              },
              onError: refused,
            },
          )
        }
      />
    </Page>
  );
}
