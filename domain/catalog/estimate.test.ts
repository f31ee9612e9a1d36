import { describe, expect, it } from 'vitest';
import { DomainError } from '../shared/domain-error.js';
import { bestEstimate, estimate, type AnswerRule, type PricedProduct, type QuestionRule } from './estimate.js';

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
    expect(result).toEqual({
      grade: 'grade_a',
      price: { amountInCents: 30500, currency: 'EUR' },
      basePrice: { amountInCents: 30000, currency: 'EUR' },
      impacts: [{ questionId: 'accessories', answerId: 'box', amount: { amountInCents: 500, currency: 'EUR' } }],
    });
  });

  it('takes the worst grade cap and applies percentage impacts on that grade price', () => {
    const result = estimate(phone, questions, [
      { questionId: 'screen', answerIds: ['screen-scratched'] },
      { questionId: 'accessories', answerIds: ['box', 'no-charger'] },
    ]);
    expect(result).toMatchObject({ grade: 'grade_c', price: { amountInCents: 20000 + 500 - 2000, currency: 'EUR' } });
    // Each impact is said, the percentage one taken on grade C's price; an answer that changes nothing is left out.
    expect(result.impacts.map((impact) => [impact.answerId, impact.amount.amountInCents])).toEqual([
      ['box', 500],
      ['no-charger', -2000],
    ]);
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
    expect(result).toMatchObject({ grade: 'functional', price: { amountInCents: 2000, currency: 'EUR' } });
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

describe('bestEstimate: the "up to" price of a product card', () => {
  const product: PricedProduct = {
    id: 'p',
    simple: false,
    currency: 'EUR',
    prices: { grade_a: 22_000, grade_b: 18_000, grade_c: 14_000, grade_d: null, grade_e: 4_000 },
    buybackZeroNotAllowed: true,
  };
  const unique = (id: string, answers: AnswerRule[]): QuestionRule => ({ id, type: 'unique', answers });
  const answer = (id: string, gradeCap: AnswerRule['gradeCap'] = null, priceImpact: AnswerRule['priceImpact'] = null, blocksEstimate = false): AnswerRule => ({
    id,
    gradeCap,
    priceImpact,
    blocksEstimate,
  });

  it('given accessories that add to the price, when the best answers are taken, then it is the grade A price plus every addition', () => {
    const questions: QuestionRule[] = [
      unique('power', [answer('on'), answer('off', null, null, true)]),
      unique('screen', [answer('perfect'), answer('scratched', 'grade_b')]),
      {
        id: 'accessories',
        type: 'multiple',
        answers: [answer('box', null, { type: 'fixed', value: 500 }), answer('cable', null, { type: 'fixed', value: 200 }), answer('no-charger', null, { type: 'percentage', value: -5 }), answer('none')],
      },
    ];
    // 220 € at grade A, + 5 € for the box, + 2 € for the cable: 227 €, the same as the real estimate of those answers.
    expect(bestEstimate(product, questions)).toMatchObject({ grade: 'grade_a', price: { amountInCents: 22_700, currency: 'EUR' } });
    expect(
      estimate(product, questions, [
        { questionId: 'power', answerIds: ['on'] },
        { questionId: 'screen', answerIds: ['perfect'] },
        { questionId: 'accessories', answerIds: ['box', 'cable'] },
      ]).price.amountInCents,
    ).toBe(22_700);
  });

  it('given a question whose every answer caps the grade, when grade A cannot be reached, then the best reachable grade decides', () => {
    const questions = [unique('battery', [answer('worn', 'grade_c'), answer('dead', 'grade_e')])];
    expect(bestEstimate(product, questions)).toMatchObject({ grade: 'grade_c', price: { amountInCents: 14_000, currency: 'EUR' } });
  });

  it('given an answer that adds more at a lower grade, when the lower grade pays more in total, then that lower grade wins', () => {
    const questions = [unique('bonus', [answer('plain'), answer('collector', 'grade_b', { type: 'fixed', value: 6_000 })])];
    // Grade A: 220 €; grade B with the collector bonus: 180 + 60 = 240 €.
    expect(bestEstimate(product, questions)?.price.amountInCents).toBe(24_000);
  });

  it('given that every path blocks the estimate, then there is no "up to" price', () => {
    expect(bestEstimate(product, [unique('stolen', [answer('yes', null, null, true)])])).toBeNull();
    expect(bestEstimate(product, [])).toBeNull();
  });

  it('given a simple product, then its functional price is the best one', () => {
    const simple: PricedProduct = { ...product, simple: true, prices: { functional: 2_500 } };
    expect(bestEstimate(simple, [unique('works', [answer('yes'), answer('no', null, null, true)])])?.price.amountInCents).toBe(2_500);
  });
});
