import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { estimate, type PricedProduct, type QuestionRule } from './estimate.js';

const phone: PricedProduct = {
  id: 'p1',
  simple: false,
  currency: 'EUR',
  prices: { grade_a: 30000, grade_b: 25000, grade_c: 20000, grade_d: 10000, grade_e: null },
  buybackZeroNotAllowed: true,
};
const questions: QuestionRule[] = [
  {
    id: 'screen',
    type: 'unique',
    answers: [
      { id: 'screen-perfect', gradeCap: null, priceImpact: null, blocksEstimate: false },
      { id: 'screen-scratched', gradeCap: 'grade_c', priceImpact: null, blocksEstimate: false },
      { id: 'screen-broken', gradeCap: 'grade_e', priceImpact: null, blocksEstimate: false },
    ],
  },
  {
    id: 'accessories',
    type: 'multiple',
    answers: [
      { id: 'box', gradeCap: null, priceImpact: { type: 'fixed', value: 500 }, blocksEstimate: false },
      { id: 'no-charger', gradeCap: null, priceImpact: { type: 'percentage', value: -10 }, blocksEstimate: false },
      { id: 'locked', gradeCap: null, priceImpact: null, blocksEstimate: true },
    ],
  },
];

function refusal(run: () => unknown): { code: string; details: Record<string, unknown> } {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('estimate', () => {
  it('gives grade A and its price when no answer caps the grade', () => {
    const result = estimate(phone, questions, [
      { questionId: 'screen', answerIds: ['screen-perfect'] },
      { questionId: 'accessories', answerIds: ['box'] },
    ]);
    expect(result).toEqual({ grade: 'grade_a', price: { amountInCents: 30500, currency: 'EUR' } });
  });

  it('takes the worst grade cap and applies percentage impacts on that grade price', () => {
    const result = estimate(phone, questions, [
      { questionId: 'screen', answerIds: ['screen-scratched'] },
      { questionId: 'accessories', answerIds: ['box', 'no-charger'] },
    ]);
    expect(result).toEqual({ grade: 'grade_c', price: { amountInCents: 20000 + 500 - 2000, currency: 'EUR' } });
  });

  it('refuses with BUYBACK_NO_PRICE_DEFINED when the grade has no price', () => {
    const result = refusal(() =>
      estimate(phone, questions, [
        { questionId: 'screen', answerIds: ['screen-broken'] },
        { questionId: 'accessories', answerIds: ['box'] },
      ]),
    );
    expect(result).toEqual({ code: 'BUYBACK_NO_PRICE_DEFINED', details: { productId: 'p1', grade: 'grade_e' } });
  });

  it('refuses with ESTIMATE_NOT_POSSIBLE when an answer blocks the estimate', () => {
    const result = refusal(() =>
      estimate(phone, questions, [
        { questionId: 'screen', answerIds: ['screen-perfect'] },
        { questionId: 'accessories', answerIds: ['locked'] },
      ]),
    );
    expect(result.code).toBe('ESTIMATE_NOT_POSSIBLE');
  });

  it('never goes below zero, and refuses a zero price when the product forbids it', () => {
    const cheap: PricedProduct = { ...phone, prices: { grade_a: 300 } };
    const heavyImpact: QuestionRule[] = [
      { id: 'q', type: 'unique', answers: [{ id: 'a', gradeCap: null, priceImpact: { type: 'fixed', value: -1000 }, blocksEstimate: false }] },
    ];
    expect(refusal(() => estimate(cheap, heavyImpact, [{ questionId: 'q', answerIds: ['a'] }])).code).toBe('ESTIMATE_NOT_POSSIBLE');
    const allowed = estimate({ ...cheap, buybackZeroNotAllowed: false }, heavyImpact, [{ questionId: 'q', answerIds: ['a'] }]);
    expect(allowed.price.amountInCents).toBe(0);
  });

  it('uses the functional price for a simple product whatever the grade caps', () => {
    const cable: PricedProduct = { ...phone, simple: true, prices: { functional: 1500 } };
    const result = estimate(cable, questions, [
      { questionId: 'screen', answerIds: ['screen-broken'] },
      { questionId: 'accessories', answerIds: ['box'] },
    ]);
    expect(result).toEqual({ grade: 'functional', price: { amountInCents: 2000, currency: 'EUR' } });
  });

  it.each([
    ['an unanswered question', [{ questionId: 'screen', answerIds: ['screen-perfect'] }], 'DIAGNOSTIC_ANSWER_MISSING'],
    ['two answers to a unique question', [{ questionId: 'screen', answerIds: ['screen-perfect', 'screen-broken'] }, { questionId: 'accessories', answerIds: ['box'] }], 'DIAGNOSTIC_SINGLE_ANSWER_EXPECTED'],
    ['an unknown question', [{ questionId: 'nope', answerIds: ['x'] }], 'DIAGNOSTIC_QUESTION_NOT_FOUND'],
    ['an unknown answer', [{ questionId: 'screen', answerIds: ['nope'] }, { questionId: 'accessories', answerIds: ['box'] }], 'DIAGNOSTIC_ANSWER_NOT_FOUND'],
  ])('refuses %s', (_title, responses, code) => {
    expect(refusal(() => estimate(phone, questions, responses)).code).toBe(code);
  });

  it('refuses a product without diagnostic questions', () => {
    expect(refusal(() => estimate(phone, [], [])).code).toBe('DIAGNOSTIC_NO_QUESTIONS');
  });
});
