/**
 * A question's fields as they are kept: texts trimmed (an empty optional one
 * null), answers checked one by one, translations cleaned (blank ones and
 * those of answers no longer there dropped) and held to their field's bounds.
 * Every problem is collected and refused at once as QUESTION_INVALID,
 * `details.fields` naming each field with its own code.
 */
import { DomainError } from '../../shared/domain-error.js';
import { cleanTranslations, TRANSLATED_LOCALES, type Translations } from '../../shared/translations.js';
import { GRADES } from '../estimate.js';
import type { DiagnosticAnswer } from '../events.js';
import { QUESTION_TYPES, type QuestionFields } from './question-events.js';
import { QUESTION_LIMITS } from './question.js';

export interface FieldProblem {
  field: string;
  code: string;
  [param: string]: unknown;
}

const length = (text: string) => [...text].length;

function text(problems: FieldProblem[], field: string, raw: string | null | undefined, bounds: { min: number; max: number }, required: boolean): string | null {
  const value = (raw ?? '').trim();
  if (value === '') {
    if (required) problems.push({ field, code: 'TEXT_REQUIRED' });
    return null;
  }
  if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
  return value;
}

function answer(problems: FieldProblem[], index: number, raw: DiagnosticAnswer, type: QuestionFields['type']): DiagnosticAnswer {
  const at = `answers.${index}`;
  const { answerTitle, answerDescription, fixedImpactCents, percentImpact } = QUESTION_LIMITS;
  const impact = raw.priceImpact;
  if (impact !== null) {
    const bounds = impact.type === 'fixed' ? fixedImpactCents : percentImpact;
    const wellFormed = impact.type === 'fixed' ? Number.isInteger(impact.value) : Number.isFinite(impact.value) && Math.abs(impact.value * 100 - Math.round(impact.value * 100)) < 1e-9;
    if (!wellFormed || impact.value < bounds.min || impact.value > bounds.max) {
      problems.push({ field: `${at}.priceImpact`, code: impact.type === 'fixed' ? 'QUESTION_IMPACT_FIXED_INVALID' : 'QUESTION_IMPACT_PERCENT_INVALID', min: bounds.min, max: bounds.max });
    }
  }
  if (raw.gradeCap !== null && !(GRADES as readonly string[]).includes(raw.gradeCap)) problems.push({ field: `${at}.gradeCap`, code: 'QUESTION_GRADE_CAP_INVALID' });
  if (raw.exclusive && type !== 'multiple') problems.push({ field: `${at}.exclusive`, code: 'QUESTION_EXCLUSIVE_NEEDS_MULTIPLE' });
  return {
    id: raw.id,
    title: text(problems, `${at}.title`, raw.title, answerTitle, true) ?? '',
    description: text(problems, `${at}.description`, raw.description, answerDescription, false),
    gradeCap: raw.gradeCap,
    priceImpact: impact === null ? null : { type: impact.type, value: impact.value },
    blocksEstimate: raw.blocksEstimate === true,
    exclusive: raw.exclusive === true,
  };
}

/** The bounds of the field a translation path names; null for a path the question does not have. */
function boundsOf(path: string, answerIds: ReadonlySet<string>): { min: number; max: number } | null {
  if (path === 'title') return QUESTION_LIMITS.title;
  if (path === 'howToTest') return QUESTION_LIMITS.howToTest;
  if (path === 'description') return QUESTION_LIMITS.description;
  const match = /^answers\.(?<id>[^.]+)\.(?<field>title|description)$/.exec(path);
  if (!match?.groups || !answerIds.has(match.groups.id as string)) return null;
  return match.groups.field === 'title' ? QUESTION_LIMITS.answerTitle : QUESTION_LIMITS.answerDescription;
}

function translations(problems: FieldProblem[], raw: Translations | null, answerIds: ReadonlySet<string>): Translations | null {
  const cleaned = cleanTranslations(raw, (path) => boundsOf(path, answerIds) !== null);
  for (const locale of TRANSLATED_LOCALES) {
    for (const [path, value] of Object.entries(cleaned?.[locale] ?? {})) {
      const bounds = boundsOf(path, answerIds) as { min: number; max: number };
      if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field: `translations.${locale}.${path}`, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
    }
  }
  return cleaned;
}

/** The fields checked and normalised, or the problems found, appended to `problems`. */
export function normalizeQuestion(fields: QuestionFields, problems: FieldProblem[]): QuestionFields {
  const { title, howToTest, description, answers } = QUESTION_LIMITS;
  const type = fields.type;
  if (!(QUESTION_TYPES as readonly string[]).includes(type)) problems.push({ field: 'type', code: 'QUESTION_TYPE_INVALID' });
  if (fields.answers.length < answers.min || fields.answers.length > answers.max) {
    problems.push({ field: 'answers', code: 'QUESTION_ANSWERS_COUNT', min: answers.min, max: answers.max });
  }
  const seen = new Set<string>();
  fields.answers.forEach((a, index) => {
    if (seen.has(a.id)) problems.push({ field: `answers.${index}`, code: 'QUESTION_ANSWER_DUPLICATE' });
    seen.add(a.id);
  });
  const normalizedAnswers = fields.answers.map((a, index) => answer(problems, index, a, type));
  return {
    title: text(problems, 'title', fields.title, title, true) ?? '',
    howToTest: text(problems, 'howToTest', fields.howToTest, howToTest, false),
    description: text(problems, 'description', fields.description, description, false),
    type,
    answers: normalizedAnswers,
    translations: translations(problems, fields.translations, seen),
  };
}

export function refuseProblems(problems: readonly FieldProblem[]): void {
  if (problems.length > 0) throw new DomainError('QUESTION_INVALID', { fields: problems });
}
