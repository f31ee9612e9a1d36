import { describe, expect, it } from 'vitest';
import { NEW_QUESTION, toBody, valuesOf, type QuestionFormValues } from '../../ui/dashboard/features/diagnostic/form-model.js';
import { toggleAnswer } from '../../domain/catalog/question/exclusive.js';

/** The diagnostic question's form model: what is typed becomes the API's body (impacts in cents, blank translations removed). */

const form = (changes: Partial<QuestionFormValues> = {}): QuestionFormValues => {
  const base = NEW_QUESTION();
  base.answers[0] = { ...base.answers[0]!, id: 'a1', title: 'Boîte', impactKind: 'fixed', impactValue: '12,50' };
  base.answers[1] = { ...base.answers[1]!, id: 'a2', title: 'Aucun', exclusive: true };
  return { ...base, title: 'Accessoires', ...changes };
};

describe('the diagnostic question form', () => {
  it('sends a fixed impact typed in euros as whole cents, and a percentage as typed', () => {
    const checked = toBody(form({ answers: [...form().answers.slice(0, 1), { ...form().answers[1]!, impactKind: 'percentage', impactValue: '-7.5' }] }));
    expect('body' in checked && checked.body.answers.map((a) => a.priceImpact)).toEqual([
      { type: 'fixed', value: 1250 },
      { type: 'percentage', value: -7.5 },
    ]);
  });

  it('says at its field that an impact is not a number', () => {
    const answers = form().answers.map((a, i) => (i === 0 ? { ...a, impactValue: 'douze' } : a));
    expect(toBody(form({ answers }))).toEqual({ problems: [{ field: 'answers.0.priceImpact', code: 'numberRequired' }] });
  });

  it('keeps an exclusive answer only on a question of several answers', () => {
    const unique = toBody(form({ type: 'unique' }));
    const multiple = toBody(form({ type: 'multiple' }));
    expect('body' in unique && unique.body.answers[1]!.exclusive).toBe(false);
    expect('body' in multiple && multiple.body.answers[1]!.exclusive).toBe(true);
  });

  it('sends each translatable path, null when blank (a merge-patch removes it)', () => {
    const checked = toBody(form({ translations: { 'en-GB': { title: 'Accessories', 'answers.a2.title': '  ' }, 'nl-BE': {}, 'de-DE': {} } }));
    expect('body' in checked && checked.body.translations['en-GB']).toEqual({ title: 'Accessories', howToTest: null, description: null, 'answers.a1.title': null, 'answers.a2.title': null });
  });

  it('reads a question back with its impact in euros', () => {
    const values = valuesOf({
      id: 'q',
      accountId: 'acc',
      categoryId: 'c',
      position: 1,
      title: 'Accessoires',
      howToTest: null,
      description: null,
      type: 'multiple',
      answers: [{ id: 'a1', title: 'Boîte', description: null, gradeCap: null, priceImpact: { type: 'fixed', value: 500 }, blocksEstimate: false, exclusive: false }],
      translations: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      revision: 0,
    });
    expect(values.answers[0]).toMatchObject({ impactKind: 'fixed', impactValue: '5' });
  });

  it('unticks the other answers when an exclusive one is ticked, as the buyback path does', () => {
    const answers = [{ id: 'box' }, { id: 'none', exclusive: true }];
    expect(toggleAnswer(answers, ['box'], 'none', true)).toEqual(['none']);
  });
});
