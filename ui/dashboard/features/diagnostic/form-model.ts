import type { QuestionDetailView } from '@server/application/catalog/questions/question-views.js';

export const GRADES = ['grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e'] as const;
export const TRANSLATED = ['en-GB', 'nl-BE', 'de-DE'] as const;
export type TranslatedLocale = (typeof TRANSLATED)[number];
export type ImpactKind = 'none' | 'fixed' | 'percentage';

/** One answer as the form holds it: texts as typed; a new answer has an id already (its translations are keyed by it). */
export interface AnswerValues {
  id: string;
  title: string;
  impactKind: ImpactKind;
  /** Euros for a fixed impact, percent for a percentage, as typed. */
  impactValue: string;
  gradeCap: '' | (typeof GRADES)[number];
  blocksEstimate: boolean;
  exclusive: boolean;
}

export interface QuestionFormValues {
  title: string;
  howToTest: string;
  description: string;
  type: 'unique' | 'multiple';
  answers: AnswerValues[];
  /** Per language, per path (`title`, `answers.<id>.title`…). */
  translations: Record<TranslatedLocale, Record<string, string>>;
}

type Impact = { type: 'fixed' | 'percentage'; value: number } | null;

export interface QuestionBody {
  title: string;
  howToTest: string | null;
  description: string | null;
  type: 'unique' | 'multiple';
  answers: Array<{ id: string; title: string; gradeCap: AnswerValues['gradeCap'] | null; priceImpact: Impact; blocksEstimate: boolean; exclusive: boolean }>;
  translations: Record<TranslatedLocale, Record<string, string | null>>;
}

/** Problems by field path, as the API names them (`title`, `answers.0.title`, `translations.en-GB.title`). */
export type QuestionProblems = Partial<Record<string, string>>;

export const newAnswer = (title = ''): AnswerValues => ({ id: crypto.randomUUID(), title, impactKind: 'none', impactValue: '', gradeCap: '', blocksEstimate: false, exclusive: false });

export const NEW_QUESTION = (): QuestionFormValues => ({
  title: '',
  howToTest: '',
  description: '',
  type: 'unique',
  answers: [newAnswer(), newAnswer()],
  translations: { 'en-GB': {}, 'nl-BE': {}, 'de-DE': {} },
});

export function valuesOf(question: QuestionDetailView): QuestionFormValues {
  const translations = question.translations ?? {};
  return {
    title: question.title,
    howToTest: question.howToTest ?? '',
    description: question.description ?? '',
    type: question.type,
    answers: question.answers.map((answer) => ({
      id: answer.id,
      title: answer.title,
      impactKind: answer.priceImpact?.type ?? 'none',
      impactValue: answer.priceImpact === null ? '' : String(answer.priceImpact.type === 'fixed' ? answer.priceImpact.value / 100 : answer.priceImpact.value),
      gradeCap: answer.gradeCap ?? '',
      blocksEstimate: answer.blocksEstimate,
      exclusive: answer.exclusive,
    })),
    translations: { 'en-GB': { ...translations['en-GB'] }, 'nl-BE': { ...translations['nl-BE'] }, 'de-DE': { ...translations['de-DE'] } },
  };
}

const blankToNull = (text: string) => (text.trim() === '' ? null : text);

/** The paths a language may translate: the question's texts and each answer's title. */
export function translatablePaths(values: QuestionFormValues): string[] {
  return ['title', 'howToTest', 'description', ...values.answers.map((answer) => `answers.${answer.id}.title`)];
}

/**
 * The body the API takes, or the problems the form sees itself (an impact
 * that is not a number); every other rule is the API's, each at its field.
 */
export function toBody(values: QuestionFormValues): { body: QuestionBody } | { problems: Array<{ field: string; code: 'numberRequired' }> } {
  const problems: Array<{ field: string; code: 'numberRequired' }> = [];
  const answers = values.answers.map((answer, index) => {
    let priceImpact: Impact = null;
    if (answer.impactKind !== 'none') {
      const number = Number(answer.impactValue.replace(',', '.').trim());
      if (answer.impactValue.trim() === '' || !Number.isFinite(number)) problems.push({ field: `answers.${index}.priceImpact`, code: 'numberRequired' });
      else priceImpact = { type: answer.impactKind, value: answer.impactKind === 'fixed' ? Math.round(number * 100) : number };
    }
    return {
      id: answer.id,
      title: answer.title,
      gradeCap: answer.gradeCap === '' ? null : answer.gradeCap,
      priceImpact,
      blocksEstimate: answer.blocksEstimate,
      exclusive: values.type === 'multiple' && answer.exclusive,
    };
  });
  if (problems.length > 0) return { problems };
  const paths = translatablePaths(values);
  const translations = Object.fromEntries(
    TRANSLATED.map((locale) => [locale, Object.fromEntries(paths.map((path) => [path, blankToNull(values.translations[locale][path] ?? '')]))]),
  ) as QuestionBody['translations'];
  return {
    body: { title: values.title, howToTest: blankToNull(values.howToTest), description: blankToNull(values.description), type: values.type, answers, translations },
  };
}
