import { DomainError } from '../shared/domain-error.js';
import { refuseExclusiveConflict } from './question/exclusive.js';
import { money, type Currency, type Money } from '../shared/money.js';
import { answerImpactInCents, type PriceImpact } from './pricing/answer-impact.js';

export type { PriceImpact } from './pricing/answer-impact.js';

/** A product's buyback price is set per state; graded products use A (best) to E, simple ones `functional`. */
export const PRODUCT_STATES = ['functional', 'grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e'] as const;
export type ProductState = (typeof PRODUCT_STATES)[number];
export const GRADES = ['grade_a', 'grade_b', 'grade_c', 'grade_d', 'grade_e'] as const;
export type Grade = (typeof GRADES)[number];

export interface AnswerRule {
  id: string;
  /** The best grade the device can still have with this answer. */
  gradeCap: Grade | null;
  priceImpact: PriceImpact | null;
  /** The retailer does not buy back a device with this answer. */
  blocksEstimate: boolean;
  /** Excludes the other answers of its question (question/exclusive.ts). */
  exclusive?: boolean;
}

export interface QuestionRule {
  id: string;
  type: 'unique' | 'multiple';
  answers: AnswerRule[];
}

export interface PricedProduct {
  id: string;
  simple: boolean;
  currency: Currency;
  /** Cents per state; null or missing: no buyback at that state. */
  prices: Partial<Record<ProductState, number | null>>;
  buybackZeroNotAllowed: boolean;
}

export interface DiagnosticResponse {
  questionId: string;
  answerIds: string[];
}

/** One chosen answer that changes the price, and by how much (the specification's "impact price entries"). */
export interface EstimateImpact {
  questionId: string;
  answerId: string;
  amount: Money;
}

export interface Estimate {
  grade: ProductState;
  price: Money;
  /** The grade's own price, before the answers' impacts. */
  basePrice: Money;
  /** The chosen answers that change the price, in the questions' order. */
  impacts: EstimateImpact[];
}

/**
 * Our estimation rule:
 *  1. every question is answered (one answer for `unique`, at least one for `multiple`);
 *  2. an answer that blocks the estimate ends it: ESTIMATE_NOT_POSSIBLE;
 *  3. the grade is `functional` for a simple product, otherwise the worst
 *     cap among the chosen answers, starting from grade A;
 *  4. price = the product's price for that grade, plus each fixed impact,
 *     plus each percentage impact taken on the grade's price, never below 0;
 *  5. no price for the grade: BUYBACK_NO_PRICE_DEFINED; a zero price on a
 *     product that forbids it: ESTIMATE_NOT_POSSIBLE.
 */
export function estimate(
  product: PricedProduct,
  questions: readonly QuestionRule[],
  responses: readonly DiagnosticResponse[],
): Estimate {
  if (questions.length === 0) throw new DomainError('DIAGNOSTIC_NO_QUESTIONS', { productId: product.id });
  const chosen = chosenAnswers(questions, responses);

  const blocking = chosen.find(({ answer }) => answer.blocksEstimate);
  if (blocking) throw new DomainError('ESTIMATE_NOT_POSSIBLE', { answerId: blocking.answer.id });

  const grade = product.simple ? 'functional' : worstGrade(chosen.map(({ answer }) => answer));
  const basePrice = product.prices[grade];
  if (basePrice === null || basePrice === undefined) {
    throw new DomainError('BUYBACK_NO_PRICE_DEFINED', { productId: product.id, grade });
  }
  const base = money(basePrice, product.currency);
  const impacts = chosen
    .map(({ questionId, answer }) => ({ questionId, answerId: answer.id, amount: money(answerImpactInCents(answer.priceImpact, base), product.currency) }))
    .filter((impact) => impact.amount.amountInCents !== 0);
  const total = impacts.reduce((sum, impact) => sum + impact.amount.amountInCents, base.amountInCents);
  const price = money(Math.max(0, total), product.currency);
  if (price.amountInCents === 0 && product.buybackZeroNotAllowed) {
    throw new DomainError('ESTIMATE_NOT_POSSIBLE', { productId: product.id, reason: 'zero_price_not_allowed' });
  }
  return { grade, price, basePrice: base, impacts };
}

function chosenAnswers(questions: readonly QuestionRule[], responses: readonly DiagnosticResponse[]): Array<{ questionId: string; answer: AnswerRule }> {
  const byQuestion = new Map<string, DiagnosticResponse>();
  for (const response of responses) {
    if (!questions.some((q) => q.id === response.questionId)) {
      throw new DomainError('DIAGNOSTIC_QUESTION_NOT_FOUND', { questionId: response.questionId });
    }
    if (byQuestion.has(response.questionId)) {
      throw new DomainError('DIAGNOSTIC_QUESTION_ANSWERED_TWICE', { questionId: response.questionId });
    }
    byQuestion.set(response.questionId, response);
  }
  return questions.flatMap((question) => {
    const response = byQuestion.get(question.id);
    const answerIds = [...new Set(response?.answerIds ?? [])];
    if (answerIds.length === 0) throw new DomainError('DIAGNOSTIC_ANSWER_MISSING', { questionId: question.id });
    if (question.type === 'unique' && answerIds.length > 1) {
      throw new DomainError('DIAGNOSTIC_SINGLE_ANSWER_EXPECTED', { questionId: question.id });
    }
    refuseExclusiveConflict(question.id, question.answers, answerIds);
    return answerIds.map((answerId) => {
      const answer = question.answers.find((a) => a.id === answerId);
      if (!answer) throw new DomainError('DIAGNOSTIC_ANSWER_NOT_FOUND', { questionId: question.id, answerId });
      return { questionId: question.id, answer };
    });
  });
}

function worstGrade(answers: readonly AnswerRule[]): Grade {
  return answers.reduce<Grade>((worst, answer) => {
    if (answer.gradeCap === null) return worst;
    return GRADES.indexOf(answer.gradeCap) > GRADES.indexOf(worst) ? answer.gradeCap : worst;
  }, 'grade_a');
}

/**
 * The best estimate the rules can give the product: what "up to" on a
 * product card must say. For each grade the product has a price at, the best
 * answers that keep the device at that grade or better are chosen (per
 * unique question its best answer, per multiple question every answer that
 * raises the price, else its best one), the real `estimate` prices that
 * choice, and the highest result wins. Null when no answer combination gives
 * an estimate (every path blocks, or no price).
 */
export function bestEstimate(product: PricedProduct, questions: readonly QuestionRule[]): Estimate | null {
  if (questions.length === 0) return null;
  const grades: readonly ProductState[] = product.simple ? ['functional'] : GRADES;
  let best: Estimate | null = null;
  for (const grade of grades) {
    const basePrice = product.prices[grade];
    if (basePrice === null || basePrice === undefined) continue;
    const base = money(basePrice, product.currency);
    const keepsGrade = (answer: AnswerRule) =>
      !answer.blocksEstimate && (product.simple || answer.gradeCap === null || GRADES.indexOf(answer.gradeCap) <= GRADES.indexOf(grade as Grade));
    const gain = (answer: AnswerRule) => answerImpactInCents(answer.priceImpact, base);
    const responses: DiagnosticResponse[] = [];
    let possible = true;
    for (const question of questions) {
      const candidates = question.answers.filter(keepsGrade).sort((a, b) => gain(b) - gain(a));
      const first = candidates[0];
      if (!first) {
        possible = false;
        break;
      }
      const raising = question.type === 'multiple' ? candidates.filter((answer) => gain(answer) > 0 && !answer.exclusive) : [];
      responses.push({ questionId: question.id, answerIds: (raising.length > 0 ? raising : [first]).map((a) => a.id) });
    }
    if (!possible) continue;
    try {
      const result = estimate(product, questions, responses);
      if (best === null || result.price.amountInCents > best.price.amountInCents) best = result;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return best;
}
