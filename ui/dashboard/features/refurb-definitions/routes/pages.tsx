import { Button, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useListParams } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/auth';
import { QuestionCreate, QuestionEdit } from '../components/question-pages';
import { QuestionsList } from '../components/questions-list';
import { StepCreate, StepEdit } from '../components/step-pages';
import { StepsList } from '../components/steps-list';
import { stepList } from '../list-params';
import { refurbPaths } from '../paths';
import { UuidRoute } from '../../../components/uuid-route';

/** /refurb-steps: the workshop's step definitions and, for who manages them, the way to a new one. */
export function StepsPage() {
  const { t } = useTranslation('refurb-definitions');
  const can = useCan();
  const [params, setParams] = useListParams(stepList);
  return (
    <Page
      title={t('steps.title')}
      breadcrumbs={[{ label: t('steps.title') }]}
      actions={
        can('refurb_step.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={refurbPaths.createStep}>{t('steps.new')}</RouterLink>
          </Button>
        )
      }
    >
      <StepsList params={params} setParams={setParams} />
    </Page>
  );
}

export function StepCreatePage() {
  return <StepCreate />;
}

export function StepEditPage() {
  return <UuidRoute>{(id) => <StepEdit key={id} id={id} />}</UuidRoute>;
}

/** /refurb-diagnosis-questions: the questions in their order, and the way to a new one. */
export function QuestionsPage() {
  const { t } = useTranslation('refurb-definitions');
  return (
    <Page
      title={t('questions.title')}
      breadcrumbs={[{ label: t('questions.title') }]}
      actions={
        <Button asChild colorPalette="brand">
          <RouterLink to={refurbPaths.createQuestion}>{t('questions.new')}</RouterLink>
        </Button>
      }
    >
      <Stack gap="4">
        <QuestionsList />
      </Stack>
    </Page>
  );
}

export function QuestionCreatePage() {
  return <QuestionCreate />;
}

export function QuestionEditPage() {
  return <UuidRoute>{(id) => <QuestionEdit key={id} id={id} />}</UuidRoute>;
}
