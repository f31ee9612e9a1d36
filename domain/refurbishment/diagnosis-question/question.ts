/**
 * A refurbishment diagnosis question (specification 001 "Refurb diagnostic
 * question"): a label, unique or multiple choice, its answers each planning
 * refurb step definitions, the products it applies to (categories and
 * products; none: every product), its place among the account's questions,
 * its translations. Its state folded from its events, its bounds, and the
 * check of its fields against the facts the application reads. Pure.
 */
import { cleanTranslations, TRANSLATED_LOCALES, type Translations } from '../../shared/translations.js';
import { REFURB_QUESTION_TYPES, type RefurbAnswer, type RefurbDiagnosisQuestionCreated, type RefurbDiagnosisQuestionEvent, type RefurbQuestionType } from '../events.js';

export const REFURB_QUESTION_LIMITS = {
  label: { min: 2, max: 255 },
  answers: { min: 2, max: 30 },
  answerLabel: { min: 1, max: 255 },
  /** Step definitions one answer plans. */
  stepsPerAnswer: { max: 30 },
  /** Categories and products in its scope. */
  scope: { max: 500 },
  position: { min: 0, max: 1_000_000 },
} as const;

export interface RefurbQuestionFields {
  label: string;
  questionType: RefurbQuestionType;
  answers: RefurbAnswer[];
  categoryIds: string[];
  productIds: string[];
  position: number;
  /** Keyed by path: `label`, `answers.<answerId>.label`. */
  translations: Translations | null;
}

/** What the application read: the account's step definitions, categories and products among those the fields name. */
export interface RefurbQuestionFacts {
  stepDefinitionIds: ReadonlySet<string>;
  categoryIds: ReadonlySet<string>;
  productIds: ReadonlySet<string>;
}

export interface FieldProblem {
  field: string;
  code: string;
  [param: string]: unknown;
}

export type RefurbQuestionData = RefurbDiagnosisQuestionCreated['data'];

export interface RefurbQuestionState {
  question: RefurbQuestionData | null;
  deleted: boolean;
}

export const initialRefurbQuestionState = (): RefurbQuestionState => ({ question: null, deleted: false });

export function evolveRefurbQuestion(state: RefurbQuestionState, event: RefurbDiagnosisQuestionEvent): RefurbQuestionState {
  switch (event.type) {
    case 'RefurbDiagnosisQuestionCreated':
      return { question: event.data, deleted: false };
    case 'RefurbDiagnosisQuestionChanged': {
      if (!state.question) return state;
      const { questionId: _id, ...changes } = event.data;
      return { ...state, question: { ...state.question, ...changes } };
    }
    case 'RefurbDiagnosisQuestionDeleted':
      return { question: null, deleted: true };
    default: {
      const never: never = event;
      return never;
    }
  }
}

const length = (text: string) => [...text].length;

function text(problems: FieldProblem[], field: string, raw: string | null | undefined, bounds: { min: number; max: number }): string {
  const value = (raw ?? '').trim();
  if (value === '') problems.push({ field, code: 'TEXT_REQUIRED' });
  else if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
  return value;
}

function ids(problems: FieldProblem[], field: string, raw: readonly string[], known: ReadonlySet<string>, code: string, max: number): string[] {
  const unique = [...new Set(raw)];
  if (unique.length > max) problems.push({ field, code: 'REFURB_QUESTION_TOO_MANY_VALUES', max });
  const unknown = unique.filter((id) => !known.has(id));
  if (unknown.length > 0) problems.push({ field, code, ids: unknown.slice(0, 10) });
  return unique;
}

function answers(problems: FieldProblem[], raw: readonly RefurbAnswer[], facts: RefurbQuestionFacts): RefurbAnswer[] {
  const { answers: bounds, answerLabel, stepsPerAnswer } = REFURB_QUESTION_LIMITS;
  if (raw.length < bounds.min || raw.length > bounds.max) problems.push({ field: 'answers', code: 'REFURB_QUESTION_ANSWERS_COUNT', min: bounds.min, max: bounds.max });
  const seen = new Set<string>();
  return raw.map((answer, index) => {
    const at = `answers.${index}`;
    if (seen.has(answer.answerId)) problems.push({ field: at, code: 'REFURB_QUESTION_ANSWER_DUPLICATE' });
    seen.add(answer.answerId);
    return {
      answerId: answer.answerId,
      label: text(problems, `${at}.label`, answer.label, answerLabel),
      stepDefinitionIds: ids(problems, `${at}.stepDefinitionIds`, answer.stepDefinitionIds, facts.stepDefinitionIds, 'REFURB_QUESTION_STEP_UNKNOWN', stepsPerAnswer.max),
    };
  });
}

function boundsOf(path: string, answerIds: ReadonlySet<string>): { min: number; max: number } | null {
  if (path === 'label') return REFURB_QUESTION_LIMITS.label;
  const match = /^answers\.(?<id>[^.]+)\.label$/.exec(path);
  return match?.groups && answerIds.has(match.groups.id as string) ? REFURB_QUESTION_LIMITS.answerLabel : null;
}

function translations(problems: FieldProblem[], raw: Translations | null, answerIds: ReadonlySet<string>): Translations | null {
  const cleaned = cleanTranslations(raw, (path) => boundsOf(path, answerIds) !== null);
  for (const locale of TRANSLATED_LOCALES) {
    for (const [path, value] of Object.entries(cleaned?.[locale] ?? {})) {
      const { min, max } = boundsOf(path, answerIds) as { min: number; max: number };
      if (length(value) < min || length(value) > max) problems.push({ field: `translations.${locale}.${path}`, code: 'TEXT_LENGTH', min, max });
    }
  }
  return cleaned;
}

/** The fields trimmed and checked; every problem appended to `problems`. */
export function normalizeRefurbQuestion(fields: RefurbQuestionFields, facts: RefurbQuestionFacts, problems: FieldProblem[]): RefurbQuestionFields {
  if (!(REFURB_QUESTION_TYPES as readonly string[]).includes(fields.questionType)) problems.push({ field: 'questionType', code: 'REFURB_QUESTION_TYPE_INVALID' });
  const { position, scope } = REFURB_QUESTION_LIMITS;
  if (!Number.isSafeInteger(fields.position) || fields.position < position.min || fields.position > position.max) {
    problems.push({ field: 'position', code: 'REFURB_QUESTION_POSITION_INVALID', min: position.min, max: position.max });
  }
  const normalizedAnswers = answers(problems, fields.answers, facts);
  return {
    label: text(problems, 'label', fields.label, REFURB_QUESTION_LIMITS.label),
    questionType: fields.questionType,
    answers: normalizedAnswers,
    categoryIds: ids(problems, 'categoryIds', fields.categoryIds, facts.categoryIds, 'REFURB_QUESTION_SCOPE_UNKNOWN', scope.max),
    productIds: ids(problems, 'productIds', fields.productIds, facts.productIds, 'REFURB_QUESTION_SCOPE_UNKNOWN', scope.max),
    position: fields.position,
    translations: translations(problems, fields.translations, new Set(normalizedAnswers.map((a) => a.answerId))),
  };
}

/** Whether the question applies to a product of these categories (its own and their ancestors): none named, every product. */
export function appliesToProduct(question: Pick<RefurbQuestionFields, 'categoryIds' | 'productIds'>, productId: string, productCategoryIds: ReadonlySet<string>): boolean {
  if (question.categoryIds.length === 0 && question.productIds.length === 0) return true;
  return question.productIds.includes(productId) || question.categoryIds.some((id) => productCategoryIds.has(id));
}
