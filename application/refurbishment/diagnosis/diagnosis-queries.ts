/** The diagnosis as its screens show it: the item, its product, the questions with their answers, the steps planned (or that would be) with their costs. */
import { planSteps, validAnswers } from '../../../domain/refurbishment/diagnosis/decide.js';
import type { PlannedRefurbStep } from '../../../domain/refurbishment/events.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { translate } from '../../../domain/shared/translations.js';
import { ApplicationError } from '../../commands/errors.js';
import type { Principal } from '../../organizations/principal.js';
import { visibleItem } from '../../warehouse/commands/item-command.js';
import { itemRefurbStepIdOf, refurbDiagnosisIdOf } from '../streams.js';
import { diagnosedProduct } from './diagnosis-commands.js';
import { applicableQuestions, stepDefinitionFacts } from './diagnosis-facts.js';
import { visibleDiagnosis, type DiagnosisPorts } from './diagnosis-lookup.js';
import type { RefurbDiagnosisView } from './diagnosis-views.js';

export async function diagnosisDetail(deps: DiagnosisPorts, principal: Principal, diagnosisId: string, locale: string): Promise<RefurbDiagnosisView> {
  const { diagnosis, item } = await visibleDiagnosis(deps, principal, diagnosisId);
  const product = diagnosedProduct(item);
  const questions = await applicableQuestions(deps.documents, diagnosis.accountId, product);
  const currency = item.purchasePrice.currency;
  let plannedSteps: PlannedRefurbStep[] = diagnosis.plannedSteps;
  let planProblem: RefurbDiagnosisView['planProblem'] = null;
  if (diagnosis.status === 'open') {
    try {
      const answers = validAnswers(diagnosis.answers, questions);
      const ids = questions.flatMap((q) => q.answers.filter((a) => answers.some((c) => c.answerIds.includes(a.answerId))).flatMap((a) => a.stepDefinitionIds));
      const definitions = await stepDefinitionFacts(deps.eventStore, diagnosis.accountId, ids);
      plannedSteps = planSteps(answers, questions, definitions, diagnosis.warehouseId, currency, (sequence) => itemRefurbStepIdOf(diagnosis._id, sequence));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      plannedSteps = [];
      planProblem = { code: error.code, details: error.details };
    }
  }
  const chosen = (questionId: string) => diagnosis.answers.find((a) => a.questionId === questionId)?.answerIds ?? [];
  return {
    id: diagnosis._id,
    revision: diagnosis.revision,
    status: diagnosis.status,
    item: {
      id: item._id,
      identificationNumber: item.identificationNumber,
      shortCode: item.shortCode,
      status: item.status,
      warehouseId: item.warehouseId,
      stockId: item.stockId,
    },
    product: { productId: product.productId, label: product.label, brand: product.brand },
    questions: questions.map((q) => ({
      id: q.questionId,
      label: translate(q.label, q.translations, 'label', locale),
      type: q.questionType,
      answers: q.answers.map((a) => ({ id: a.answerId, label: translate(a.label, q.translations, `answers.${a.answerId}.label`, locale), stepDefinitionIds: a.stepDefinitionIds })),
      chosenAnswerIds: chosen(q.questionId),
    })),
    answers: diagnosis.answers,
    unansweredQuestionIds: questions.filter((q) => chosen(q.questionId).length === 0).map((q) => q.questionId),
    plannedSteps,
    totalCost: { amountInCents: plannedSteps.reduce((sum, step) => sum + step.cost.amountInCents, 0), currency: plannedSteps[0]?.cost.currency ?? currency },
    planProblem,
    stockId: diagnosis.stockId,
    startedAt: diagnosis.startedAt,
    finalizedAt: diagnosis.finalizedAt,
  };
}

/** The diagnosis of an item the caller may see (the item detail's "diagnosis result" tab); REFURB_DIAGNOSIS_NOT_FOUND when none was started. */
export async function diagnosisOfItem(deps: DiagnosisPorts, principal: Principal, itemId: string, locale: string): Promise<RefurbDiagnosisView> {
  await visibleItem(deps, principal, itemId);
  const diagnosisId = refurbDiagnosisIdOf(itemId);
  try {
    return await diagnosisDetail(deps, principal, diagnosisId, locale);
  } catch (error) {
    if (error instanceof ApplicationError && error.code === 'REFURB_DIAGNOSIS_NOT_FOUND') throw new ApplicationError('REFURB_DIAGNOSIS_NOT_FOUND', { itemId });
    throw error;
  }
}
