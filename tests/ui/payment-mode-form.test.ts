import { describe, expect, it } from 'vitest';
import { centsOf, checkForm, formFieldOf, modifierOf, NEW_PAYMENT_MODE, valuesOf, type PaymentModeFormValues } from '../../ui/dashboard/features/payment-modes/form-model.js';

/** The payment-mode form's model: what is typed becomes the API's body, checked by the API's own rules, each problem at its field. */

const form = (values: Partial<PaymentModeFormValues>): PaymentModeFormValues => ({ ...NEW_PAYMENT_MODE, label: 'Virement', ...values });
const problemsOf = (values: Partial<PaymentModeFormValues>, withModifier = true) => {
  const checked = checkForm(form(values), withModifier);
  return 'problems' in checked ? checked.problems.map((p) => `${p.field}:${p.code}`) : [];
};

describe('the payment-mode form', () => {
  it('reads euros typed the French or the English way, and refuses anything else', () => {
    expect(centsOf('20')).toBe(2_000);
    expect(centsOf('-12,5')).toBe(-1_250);
    expect(centsOf(' 1 234.56 ')).toBe(123_456);
    expect(centsOf('12,345')).toBeNaN();
    expect(centsOf('douze')).toBeNaN();
  });

  it('given a malus of 10 % capped at 20 €, then the body carries it in cents', () => {
    expect(modifierOf(form({ modifierKind: 'percentage', percent: '-10', cap: '-20' }))).toEqual({ kind: 'percentage', percent: -10, capInCents: -2_000 });
    expect(modifierOf(form({ modifierKind: 'percentage', percent: '5', cap: '' }))).toEqual({ kind: 'percentage', percent: 5, capInCents: null });
    expect(checkForm(form({ label: '  Virement  ', description: ' ', modifierKind: 'amount', amount: '-5' }), true)).toEqual({
      body: {
        paymentType: 'bank_transfer',
        label: 'Virement',
        description: null,
        longDescription: null,
        mailContent: null,
        provider: 'bank_transfer_file',
        status: 'enabled',
        modifier: { kind: 'amount', amountInCents: -500 },
        translations: null,
      },
    });
  });

  it('given wrong values, then each problem is at its own field, as the API would say it', () => {
    expect(problemsOf({ label: ' ', modifierKind: 'percentage', percent: '0', cap: '20' })).toEqual([
      'label:TEXT_REQUIRED',
      'percent:PAYMENT_MODIFIER_PERCENT_INVALID',
    ]);
    expect(problemsOf({ modifierKind: 'percentage', percent: '-10', cap: '20' })).toEqual(['cap:PAYMENT_MODIFIER_CAP_INVALID']);
    expect(problemsOf({ modifierKind: 'amount', amount: 'abc' })).toEqual(['amount:PAYMENT_MODIFIER_AMOUNT_INVALID']);
    expect(problemsOf({ longDescription: Array(16).fill('ligne').join('\n') })).toEqual(['longDescription:PAYMENT_MODE_TOO_MANY_LINES']);
  });

  it('without the payment_bonus feature, the body leaves the bonus or malus out (it stays as it is)', () => {
    const checked = checkForm(form({ modifierKind: 'amount', amount: '5' }), false);
    expect('body' in checked && 'modifier' in checked.body).toBe(false);
  });

  it('puts the fields the API names where the form shows them', () => {
    expect(formFieldOf('modifier.capInCents')).toBe('cap');
    expect(formFieldOf('modifier')).toBe('modifier');
    expect(formFieldOf('mailContent')).toBe('mailContent');
    expect(formFieldOf('accountId')).toBeNull();
  });

  it('shows a stored mode as typed: cents as euros', () => {
    const values = valuesOf({
      id: 'x',
      accountId: 'a',
      paymentType: 'gift_card',
      label: 'Carte cadeau',
      description: null,
      longDescription: null,
      mailContent: null,
      provider: 'manual',
      modifier: { kind: 'percentage', percent: -10, capInCents: -2_050 },
      status: 'enabled',
      translations: null,
      bonusAvailable: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      revision: 0,
    });
    expect(values).toMatchObject({ modifierKind: 'percentage', percent: '-10', cap: '-20.50', description: '' });
  });

  it('sends the translations written (trimmed), blank ones left out; none written: null; one too long refused at its own field', () => {
    const english = { ...NEW_PAYMENT_MODE.translations, 'en-GB': { label: ' Bank transfer ', description: '' } };
    const checked = checkForm(form({ translations: english }), true);
    expect('body' in checked && checked.body.translations).toEqual({ 'en-GB': { label: 'Bank transfer' } });
    const none = checkForm(form({}), true);
    expect('body' in none && none.body.translations).toBeNull();
    const tooLong = { ...NEW_PAYMENT_MODE.translations, 'de-DE': { label: 'x'.repeat(256), description: '' } };
    expect(problemsOf({ translations: tooLong })).toEqual([expect.stringMatching(/^translations\.de-DE\.label:/)]);
    expect(formFieldOf('translations.nl-BE.description')).toBe('translations.nl-BE.description');
  });
});
