import { describe, expect, it } from 'vitest';
import { domainErrorOf } from '../../shared/test-support.js';
import { estimate, type PricedProduct, type QuestionRule } from '../estimate.js';
import { refuseExclusiveConflict, toggleAnswer } from './exclusive.js';

const answers = [
  { id: 'box', exclusive: false },
  { id: 'charger', exclusive: false },
  { id: 'none', exclusive: true },
];

describe('an exclusive answer', () => {
  it('may be chosen alone', () => {
    expect(() => refuseExclusiveConflict('q', answers, ['none'])).not.toThrow();
  });

  it('may not be chosen with another answer of its question', () => {
    const refusal = domainErrorOf(() => refuseExclusiveConflict('q', answers, ['box', 'none']));
    expect(refusal.code).toBe('DIAGNOSTIC_ANSWERS_EXCLUSIVE');
    expect(refusal.details).toEqual({ questionId: 'q', answerId: 'none' });
  });

  it('leaves non-exclusive answers free to combine', () => {
    expect(() => refuseExclusiveConflict('q', answers, ['box', 'charger'])).not.toThrow();
  });

  it('makes the estimate refuse a choice that combines it', () => {
    const product: PricedProduct = { id: 'p', simple: true, currency: 'EUR', prices: { functional: 10000 }, buybackZeroNotAllowed: false };
    const questions: QuestionRule[] = [
      {
        id: 'acc',
        type: 'multiple',
        answers: [
          { id: 'box', gradeCap: null, priceImpact: { type: 'fixed', value: 500 }, blocksEstimate: false, exclusive: false },
          { id: 'none', gradeCap: null, priceImpact: { type: 'fixed', value: -1000 }, blocksEstimate: false, exclusive: true },
        ],
      },
    ];
    expect(domainErrorOf(() => estimate(product, questions, [{ questionId: 'acc', answerIds: ['box', 'none'] }])).code).toBe('DIAGNOSTIC_ANSWERS_EXCLUSIVE');
    expect(estimate(product, questions, [{ questionId: 'acc', answerIds: ['none'] }]).price.amountInCents).toBe(9000);
  });
});

describe('ticking an answer', () => {
  it('keeps an exclusive answer alone', () => {
    expect(toggleAnswer(answers, ['box', 'charger'], 'none', true)).toEqual(['none']);
  });

  it('drops the exclusive answer when another is ticked', () => {
    expect(toggleAnswer(answers, ['none'], 'box', true)).toEqual(['box']);
  });

  it('adds and removes ordinary answers', () => {
    expect(toggleAnswer(answers, ['box'], 'charger', true)).toEqual(['box', 'charger']);
    expect(toggleAnswer(answers, ['box', 'charger'], 'box', false)).toEqual(['charger']);
  });
});
