import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { useCategoryQuestions, useCreateQuestion } from '../api/questions';
import { QuestionForm } from '../components/question-form';
import { NEW_QUESTION, type QuestionBody } from '../form-model';
import { diagnosticPaths } from '../paths';

/** category/{categoryId}/question/add: a new question of the category, asked after its others. */
export function Component() {
  const { categoryId = '' } = useParams();
  const { t } = useTranslation('diagnostic');
  const navigate = useNavigate();
  const create = useCreateQuestion();
  const keys = useIdempotencyKeys();
  const refusals = useFormRefusals<string>((path) => path);
  const view = useCategoryQuestions(categoryId);
  const categoryPath = diagnosticPaths.category(categoryId);
  const label = view.data?.category.label ?? '…';

  function submit(body: QuestionBody) {
    refusals.clear();
    create.mutate(
      { categoryId, body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('notifications.created', { title: body.title }) });
          void navigate(categoryPath);
        },
        onError: refusals.refuse,
      },
    );
  }

  return (
    <Page title={t('add.title')} breadcrumbs={[{ label: t('home.title'), to: diagnosticPaths.home }, { label, to: categoryPath }, { label: t('add.title') }]}>
      <QuestionForm
        initial={NEW_QUESTION()}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        submitLabel={t('add.submit')}
        cancelTo={categoryPath}
        onSubmit={submit}
      />
    </Page>
  );
}
