import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../../shared/test-support.js';
import type { RefurbDiagnosisQuestionCreated } from '../events.js';
import { refurbQuestionDecider, type RefurbQuestionCommand } from './decide.js';
import { appliesToProduct, type RefurbQuestionFacts, type RefurbQuestionFields } from './question.js';

const spec = deciderSpecification(refurbQuestionDecider);
const FACTS: RefurbQuestionFacts = { stepDefinitionIds: new Set(['screen', 'battery']), categoryIds: new Set(['phones']), productIds: new Set(['iphone-13']) };
const FIELDS: RefurbQuestionFields = {
  label: 'Is the screen cracked?',
  questionType: 'unique',
  answers: [
    { answerId: 'yes', label: 'Yes', stepDefinitionIds: ['screen'] },
    { answerId: 'no', label: 'No', stepDefinitionIds: [] },
  ],
  categoryIds: ['phones'],
  productIds: [],
  position: 3,
  translations: { 'en-GB': { 'answers.yes.label': 'Yes' } },
};
const create = (fields: Partial<RefurbQuestionFields> = {}): RefurbQuestionCommand => ({
  type: 'CreateRefurbQuestion',
  data: { questionId: 'q1', accountId: 'acc', fields: { ...FIELDS, ...fields }, facts: FACTS },
});
const created = (fields: Partial<RefurbQuestionFields> = {}): RefurbDiagnosisQuestionCreated => ({ type: 'RefurbDiagnosisQuestionCreated', data: { questionId: 'q1', accountId: 'acc', ...FIELDS, ...fields } });
const change = (changes: Partial<RefurbQuestionFields>): RefurbQuestionCommand => ({ type: 'ChangeRefurbQuestion', data: { questionId: 'q1', changes, facts: FACTS } });
const codes = (command: RefurbQuestionCommand, ...given: RefurbDiagnosisQuestionCreated[]) =>
  (spec.given(...given).when(command).thenRefused('REFURB_QUESTION_INVALID').details.fields as Array<{ field: string; code: string }>).map((p) => `${p.field}:${p.code}`);

describe('a refurbishment diagnosis question', () => {
  it('is created with its answers, the steps they plan, its scope and position', () => {
    spec.given().when(create({ label: '  Is the screen cracked? ' })).then([created()]);
  });

  it.each([
    ['a label of one character', { label: 'x' }, ['label:TEXT_LENGTH']],
    ['a label of 256 characters', { label: 'x'.repeat(256) }, ['label:TEXT_LENGTH']],
    ['one answer', { answers: [FIELDS.answers[0]!] }, ['answers:REFURB_QUESTION_ANSWERS_COUNT']],
    ['an answer without label', { answers: [FIELDS.answers[0]!, { answerId: 'no', label: ' ', stepDefinitionIds: [] }] }, ['answers.1.label:TEXT_REQUIRED']],
    ['an answer planning a step not of the account', { answers: [FIELDS.answers[0]!, { answerId: 'no', label: 'No', stepDefinitionIds: ['gone'] }] }, ['answers.1.stepDefinitionIds:REFURB_QUESTION_STEP_UNKNOWN']],
    ['two answers with one id', { answers: [FIELDS.answers[0]!, { ...FIELDS.answers[1]!, answerId: 'yes' }] }, ['answers.1:REFURB_QUESTION_ANSWER_DUPLICATE']],
    ['a category not of the account', { categoryIds: ['laptops'] }, ['categoryIds:REFURB_QUESTION_SCOPE_UNKNOWN']],
    ['a product not of the account', { productIds: ['pixel'] }, ['productIds:REFURB_QUESTION_SCOPE_UNKNOWN']],
    ['a negative position', { position: -1 }, ['position:REFURB_QUESTION_POSITION_INVALID']],
  ] as const)('is refused with %s, the field named', (_case, fields, expected) => {
    expect(codes(create(fields as Partial<RefurbQuestionFields>))).toEqual(expected);
  });

  it('changes only what changed; nothing when nothing did', () => {
    spec.given(created()).when(change({ position: 1, label: FIELDS.label })).then([{ type: 'RefurbDiagnosisQuestionChanged', data: { questionId: 'q1', position: 1 } }]);
    spec.given(created()).when(change({ productIds: [] })).then([]);
  });

  it('drops the translations of answers no longer there', () => {
    const answers = [{ answerId: 'cracked', label: 'Cracked', stepDefinitionIds: ['screen'] }, FIELDS.answers[1]!];
    spec.given(created()).when(change({ answers })).then([{ type: 'RefurbDiagnosisQuestionChanged', data: { questionId: 'q1', answers, translations: null } }]);
  });

  it('is deleted once; a missing one is not found', () => {
    spec.given(created()).when({ type: 'DeleteRefurbQuestion', data: { questionId: 'q1' } }).then([{ type: 'RefurbDiagnosisQuestionDeleted', data: { questionId: 'q1' } }]);
    spec.given().when({ type: 'DeleteRefurbQuestion', data: { questionId: 'q1' } }).thenRefused('REFURB_QUESTION_NOT_FOUND');
    spec.given(created()).when(create()).thenRefused('REFURB_QUESTION_ALREADY_EXISTS');
  });
});

describe('the products a question applies to', () => {
  it.each([
    ['no scope: every product', [], [], 'any', [], true],
    ['its category', ['phones'], [], 'iphone-13', ['phones', 'apple'], true],
    ['another category', ['laptops'], [], 'iphone-13', ['phones'], false],
    ['the product named', [], ['iphone-13'], 'iphone-13', [], true],
    ['another product', [], ['pixel'], 'iphone-13', ['phones'], false],
  ] as const)('%s', (_case, categoryIds, productIds, productId, categories, expected) => {
    expect(appliesToProduct({ categoryIds: [...categoryIds], productIds: [...productIds] }, productId, new Set(categories))).toBe(expected);
  });
});
