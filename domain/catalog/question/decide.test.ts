import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { DiagnosticAnswer, DiagnosticQuestionCreated } from '../events.js';
import { decideOrder, questionDecider, type ChangeDiagnosticQuestion } from './decide.js';
import type { QuestionFields } from './question-events.js';

const spec = deciderSpecification(questionDecider);

const answer = (id: string, title: string, extra: Partial<DiagnosticAnswer> = {}): DiagnosticAnswer => ({
  id,
  title,
  description: null,
  gradeCap: null,
  priceImpact: null,
  blocksEstimate: false,
  exclusive: false,
  ...extra,
});

const fields = (extra: Partial<QuestionFields> = {}): QuestionFields => ({
  title: 'Accessoires fournis',
  howToTest: null,
  description: null,
  type: 'multiple',
  answers: [answer('box', 'Boîte d’origine', { priceImpact: { type: 'fixed', value: 500 } }), answer('none', 'Aucun accessoire', { exclusive: true })],
  translations: null,
  ...extra,
});

const created = (extra: Partial<QuestionFields> = {}): DiagnosticQuestionCreated => ({
  type: 'DiagnosticQuestionCreated',
  data: { questionId: 'q1', categoryId: 'c1', position: 1, ...fields(extra) },
});

const create = (extra: Partial<QuestionFields> = {}) => ({ type: 'CreateDiagnosticQuestion' as const, data: { questionId: 'q1', categoryId: 'c1', position: 1, fields: fields(extra) } });
const change = (changes: ChangeDiagnosticQuestion['data']['changes']) => ({ type: 'ChangeDiagnosticQuestion' as const, data: { questionId: 'q1', changes } });

describe('creating a diagnostic question', () => {
  it('records it with its answers, texts trimmed', () => {
    spec.given().when(create({ title: '  Accessoires fournis  ' })).then([created()]);
  });

  it('refuses a title shorter than 2 characters and fewer than 2 answers, naming each field', () => {
    const refusal = spec.given().when(create({ title: 'A', answers: [answer('a', 'Oui')] })).thenRefused('QUESTION_INVALID');
    expect(refusal.details.fields).toEqual(
      expect.arrayContaining([
        { field: 'title', code: 'TEXT_LENGTH', min: 2, max: 255 },
        { field: 'answers', code: 'QUESTION_ANSWERS_COUNT', min: 2, max: 30 },
      ]),
    );
  });

  it('refuses an answer name of 256 characters and a description of 3001', () => {
    const refusal = spec
      .given()
      .when(create({ description: 'x'.repeat(3001), answers: [answer('a', 'y'.repeat(256)), answer('b', 'Non')] }))
      .thenRefused('QUESTION_INVALID');
    expect(refusal.details.fields).toEqual([
      { field: 'answers.0.title', code: 'TEXT_LENGTH', min: 2, max: 255 },
      { field: 'description', code: 'TEXT_LENGTH', min: 0, max: 3000 },
    ]);
  });

  it('accepts a description of exactly 3000 characters', () => {
    spec.given().when(create({ description: 'x'.repeat(3000) })).then([created({ description: 'x'.repeat(3000) })]);
  });

  it('refuses an exclusive answer on a question with one answer', () => {
    spec.given().when(create({ type: 'unique' })).thenRefused('QUESTION_INVALID', { fields: [{ field: 'answers.1.exclusive', code: 'QUESTION_EXCLUSIVE_NEEDS_MULTIPLE' }] });
  });

  it('refuses a fractional fixed impact and a percentage beyond 100', () => {
    const refusal = spec
      .given()
      .when(create({ answers: [answer('a', 'Oui', { priceImpact: { type: 'fixed', value: 10.5 } }), answer('b', 'Non', { priceImpact: { type: 'percentage', value: -120 } })] }))
      .thenRefused('QUESTION_INVALID');
    expect((refusal.details.fields as Array<{ code: string }>).map((p) => p.code)).toEqual(['QUESTION_IMPACT_FIXED_INVALID', 'QUESTION_IMPACT_PERCENT_INVALID']);
  });

  it('keeps the translations of its own fields and answers, drops blank and unknown ones, and holds them to their bounds', () => {
    const translations = { 'en-GB': { title: 'Accessories', 'answers.none.title': 'No accessory', 'answers.gone.title': 'Ghost', description: '  ' } };
    spec.given().when(create({ translations })).then([created({ translations: { 'en-GB': { title: 'Accessories', 'answers.none.title': 'No accessory' } } })]);
    spec.given().when(create({ translations: { 'de-DE': { 'answers.box.title': 'B' } } })).thenRefused('QUESTION_INVALID', {
      fields: [{ field: 'translations.de-DE.answers.box.title', code: 'TEXT_LENGTH', min: 2, max: 255 }],
    });
  });

  it('refuses to create it twice', () => {
    spec.given(created()).when(create()).thenRefused('QUESTION_ALREADY_EXISTS');
  });
});

describe('changing a diagnostic question', () => {
  it('records only the fields whose value changed', () => {
    spec.given(created()).when(change({ title: 'Accessoires', description: null })).then([
      { type: 'DiagnosticQuestionChanged', data: { questionId: 'q1', categoryId: 'c1', changes: { title: 'Accessoires' } } },
    ]);
  });

  it('records nothing when nothing changed', () => {
    spec.given(created()).when(change({ title: 'Accessoires fournis' })).then([]);
  });

  it('records the whole answer list with a changed price impact, and the new state carries it', () => {
    const answers = fields().answers.map((a) => (a.id === 'box' ? { ...a, priceImpact: { type: 'percentage' as const, value: 12.5 } } : a));
    const { state } = spec.given(created()).when(change({ answers })).then([
      { type: 'DiagnosticQuestionChanged', data: { questionId: 'q1', categoryId: 'c1', changes: { answers } } },
    ]);
    expect(state.question?.answers[0]?.priceImpact).toEqual({ type: 'percentage', value: 12.5 });
  });

  it('drops the translations of an answer it removes', () => {
    const given = created({ translations: { 'en-GB': { title: 'Accessories', 'answers.none.title': 'No accessory' } } });
    const answers = [answer('box', 'Boîte d’origine', { priceImpact: { type: 'fixed', value: 500 } }), answer('charger', 'Chargeur')];
    spec.given(given).when(change({ answers })).then([
      { type: 'DiagnosticQuestionChanged', data: { questionId: 'q1', categoryId: 'c1', changes: { answers, translations: { 'en-GB': { title: 'Accessories' } } } } },
    ]);
  });

  it('refuses a question that was deleted or never created', () => {
    spec.given().when(change({ title: 'Écran' })).thenRefused('QUESTION_NOT_FOUND');
    spec.given(created(), { type: 'DiagnosticQuestionDeleted', data: { questionId: 'q1', categoryId: 'c1' } }).when(change({ title: 'Écran' })).thenRefused('QUESTION_NOT_FOUND');
  });
});

describe('deleting a diagnostic question', () => {
  it('records its deletion once', () => {
    const deleted = { type: 'DiagnosticQuestionDeleted' as const, data: { questionId: 'q1', categoryId: 'c1' } };
    spec.given(created()).when({ type: 'DeleteDiagnosticQuestion', data: { questionId: 'q1' } }).then([deleted]);
    spec.given(created(), deleted).when({ type: 'DeleteDiagnosticQuestion', data: { questionId: 'q1' } }).thenRefused('QUESTION_NOT_FOUND');
  });
});

describe('reordering a category’s questions', () => {
  const reorder = (questionIds: string[], current = ['a', 'b', 'c']) => decideOrder({ type: 'ReorderDiagnosticQuestions', data: { categoryId: 'c1', questionIds, current } }, { questionIds: null });

  it('records the new order', () => {
    expect(reorder(['c', 'a', 'b'])).toEqual([{ type: 'DiagnosticQuestionsReordered', data: { categoryId: 'c1', questionIds: ['c', 'a', 'b'] } }]);
  });

  it('records nothing for the same order', () => {
    expect(reorder(['a', 'b', 'c'])).toEqual([]);
  });

  it.each([
    ['a question missing', ['a', 'b']],
    ['a question twice', ['a', 'b', 'b']],
    ['another category’s question', ['a', 'b', 'x']],
  ])('refuses an order with %s', (_name, ids) => {
    expect(() => reorder(ids)).toThrow('QUESTION_ORDER_INVALID');
  });
});
