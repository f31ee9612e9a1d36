import { useTranslation } from 'react-i18next';
import { useRefurbQuestion } from '../api';
import { refurbPaths } from '../paths';
import type { RefurbQuestion } from '../types';
import { DefinitionCreate, DefinitionEdit, type DefinitionKind } from './definition-pages';
import { QuestionForm, questionFieldOf, type QuestionField } from './question-form';

function useQuestionsCrumb() {
  const { t } = useTranslation('refurb-definitions');
  return { label: t('questions.title'), to: refurbPaths.questions };
}

const questionKind: DefinitionKind<RefurbQuestion, QuestionField> = {
  resource: 'refurb-diagnosis-questions',
  texts: 'questions',
  history: 'question',
  permission: 'refurb_diagnostic.manage',
  useDefinition: useRefurbQuestion,
  useListCrumb: useQuestionsCrumb,
  fieldOf: questionFieldOf,
  nameOf: (question) => question.label,
  nameOfBody: (body) => String(body.label),
  afterCreate: () => refurbPaths.questions,
  Form: QuestionForm,
};

/** /refurb-diagnosis-questions/create: a new question, asked after the others. */
export function QuestionCreate() {
  return <DefinitionCreate kind={questionKind} />;
}

/** /refurb-diagnosis-questions/{id}/edit: its form, its deletion, its History tab. */
export function QuestionEdit({ id }: { id: string }) {
  return <DefinitionEdit kind={questionKind} id={id} />;
}
