import { useTranslation } from 'react-i18next';
import { lastListSearch } from '../../../hooks/use-list-params';
import { useRefurbStep } from '../api';
import { stepList } from '../list-params';
import { refurbPaths } from '../paths';
import type { RefurbStep } from '../types';
import { DefinitionCreate, DefinitionEdit, type DefinitionKind } from './definition-pages';
import { StepForm, stepFieldOf, type StepField } from './step-form';

function useStepsCrumb() {
  const { t } = useTranslation('refurb-definitions');
  return { label: t('steps.title'), to: `${refurbPaths.steps}${lastListSearch(stepList.name)}` };
}

const stepKind: DefinitionKind<RefurbStep, StepField> = {
  resource: 'refurb-steps',
  texts: 'steps',
  history: 'step',
  permission: 'refurb_step.manage',
  useDefinition: useRefurbStep,
  useListCrumb: useStepsCrumb,
  fieldOf: stepFieldOf,
  fieldOfCode: { REFURB_STEP_NAME_TAKEN: 'name' },
  nameOf: (step) => step.name,
  nameOfBody: (body) => String(body.name),
  afterCreate: (id) => refurbPaths.editStep(id),
  Form: StepForm,
};

/** /refurb-step/create: a new step definition; a taken name is said at the name. */
export function StepCreate() {
  return <DefinitionCreate kind={stepKind} />;
}

/** /refurb-step/{id}/edit: its form (read-only without refurb_step.manage), its deletion (refused while items or questions plan it), its History tab. */
export function StepEdit({ id }: { id: string }) {
  return <DefinitionEdit kind={stepKind} id={id} />;
}
