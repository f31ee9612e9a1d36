import { describe, expect, it } from 'vitest';
import { reachableScreen } from '../../ui/shared/buyback-path/question-screens.js';
import type { DiagnosticQuestionView as DiagnosticQuestion } from '../../application/catalog/catalog-views.js';

/** Which question screen (or the price) the storefront tunnel and the dashboard wizard show for the one asked for in the URL. */
const question = (id: string): DiagnosticQuestion => ({
  id,
  categoryId: 'c',
  title: id,
  howToTest: null,
  description: null,
  type: 'unique',
  answers: [{ id: `${id}-a`, title: 'a', description: null, exclusive: false }],
});
const QUESTIONS = [question('q1'), question('q2'), question('q3')];
const PRICE = 'price';

describe('reachableScreen', () => {
  it('Given no answer, When any later question or the price is asked for, Then the first question is shown', () => {
    expect(reachableScreen('3', QUESTIONS, {}, PRICE)).toBe('1');
    expect(reachableScreen(PRICE, QUESTIONS, {}, PRICE)).toBe('1');
  });

  it('Given the first question answered, When the second is asked for, Then it is shown, and the third is not reachable yet', () => {
    const answers = { q1: ['q1-a'] };
    expect(reachableScreen('2', QUESTIONS, answers, PRICE)).toBe('2');
    expect(reachableScreen('3', QUESTIONS, answers, PRICE)).toBe('2');
  });

  it('Given every question answered, When the price, an earlier question or a screen past the last is asked for, Then the price, that question, or the last question is shown', () => {
    const answers = { q1: ['q1-a'], q2: ['q2-a'], q3: ['q3-a'] };
    expect(reachableScreen(PRICE, QUESTIONS, answers, PRICE)).toBe(PRICE);
    expect(reachableScreen('1', QUESTIONS, answers, PRICE)).toBe('1');
    expect(reachableScreen('99', QUESTIONS, answers, PRICE)).toBe('3');
  });

  it('Given an answer removed from the middle, When the price is asked for, Then the unanswered question is shown', () => {
    expect(reachableScreen(PRICE, QUESTIONS, { q1: ['q1-a'], q2: [], q3: ['q3-a'] }, PRICE)).toBe('2');
  });

  it('Given a product without questions, When anything is asked for, Then the price is shown', () => {
    expect(reachableScreen('1', [], {}, PRICE)).toBe(PRICE);
    expect(reachableScreen('garbage', [], {}, PRICE)).toBe(PRICE);
  });

  it('Given a screen that is not a number, When it is asked for, Then the first question is shown', () => {
    expect(reachableScreen('abc', QUESTIONS, { q1: ['q1-a'] }, PRICE)).toBe('1');
  });
});
