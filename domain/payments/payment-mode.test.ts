import { describe, expect, it } from 'vitest';
import { deciderSpecification } from '../shared/test-support.js';
import { paymentModeDecider, validatePaymentMode, type PaymentModeCommand, type PaymentModeConfiguration, type PaymentModeConfigured } from './payment-mode.js';

const spec = deciderSpecification(paymentModeDecider);
const ID = 'pm-1';

const transfer: PaymentModeConfiguration = {
  paymentType: 'bank_transfer',
  label: 'Virement bancaire',
  description: 'Sous 5 jours ouvrés.',
  longDescription: null,
  mailContent: null,
  provider: 'bank_transfer_file',
  modifier: { kind: 'disabled' },
  status: 'enabled',
  translations: null,
};

const configured = (configuration: Partial<PaymentModeConfiguration> = {}): PaymentModeConfigured => ({
  type: 'PaymentModeConfigured',
  data: { paymentModeId: ID, ...transfer, ...configuration },
});
const create = (configuration: Partial<PaymentModeConfiguration> = {}, bonusAllowed = true): PaymentModeCommand => ({
  type: 'CreatePaymentMode',
  data: { paymentModeId: ID, configuration: { ...transfer, ...configuration }, bonusAllowed },
});
const update = (changes: Partial<PaymentModeConfiguration>, bonusAllowed = true): PaymentModeCommand => ({
  type: 'UpdatePaymentMode',
  data: { paymentModeId: ID, changes, bonusAllowed },
});
const fieldsOf = (configuration: Partial<PaymentModeConfiguration>) => {
  try {
    validatePaymentMode({ ...transfer, ...configuration });
  } catch (error) {
    return (error as { details: { fields: Array<{ field: string; code: string }> } }).details.fields.map(({ field, code }) => `${field}:${code}`);
  }
  return [];
};

describe('a payment mode’s fields (specification 001)', () => {
  it('given texts with spaces around them, then they are kept trimmed, and a blank optional text is null', () => {
    expect(validatePaymentMode({ ...transfer, label: '  Virement  ', description: '   ', mailContent: ' Merci ' })).toMatchObject({
      label: 'Virement',
      description: null,
      mailContent: 'Merci',
    });
  });

  it('given a blank label, then it is required; 255 characters are accepted and 256 refused', () => {
    expect(fieldsOf({ label: '   ' })).toEqual(['label:TEXT_REQUIRED']);
    expect(fieldsOf({ label: 'é'.repeat(255) })).toEqual([]);
    expect(fieldsOf({ label: 'é'.repeat(256) })).toEqual(['label:TEXT_LENGTH']);
  });

  it('given a description, then it has 2 to 300 characters', () => {
    expect(fieldsOf({ description: 'a' })).toEqual(['description:TEXT_LENGTH']);
    expect(fieldsOf({ description: 'ab' })).toEqual([]);
    expect(fieldsOf({ description: 'a'.repeat(301) })).toEqual(['description:TEXT_LENGTH']);
  });

  it('given a long description, then it has at most 800 characters and 15 lines', () => {
    expect(fieldsOf({ longDescription: 'a'.repeat(800) })).toEqual([]);
    expect(fieldsOf({ longDescription: 'a'.repeat(801) })).toEqual(['longDescription:TEXT_LENGTH']);
    expect(fieldsOf({ longDescription: Array(15).fill('ligne').join('\n') })).toEqual([]);
    expect(fieldsOf({ longDescription: Array(16).fill('ligne').join('\r\n') })).toEqual(['longDescription:PAYMENT_MODE_TOO_MANY_LINES']);
  });

  it('given a mail content of 301 characters, then it is refused at its field', () => {
    expect(fieldsOf({ mailContent: 'a'.repeat(300) })).toEqual([]);
    expect(fieldsOf({ mailContent: 'a'.repeat(301) })).toEqual(['mailContent:TEXT_LENGTH']);
  });

  it('given a wrong bonus or malus, then its own field is named: the percentage, the cap or the amount', () => {
    expect(fieldsOf({ modifier: { kind: 'percentage', percent: 0, capInCents: null } })).toEqual(['modifier.percent:PAYMENT_MODIFIER_PERCENT_INVALID']);
    expect(fieldsOf({ modifier: { kind: 'percentage', percent: 101, capInCents: null } })).toEqual(['modifier.percent:PAYMENT_MODIFIER_PERCENT_INVALID']);
    expect(fieldsOf({ modifier: { kind: 'percentage', percent: -10, capInCents: 500 } })).toEqual(['modifier.capInCents:PAYMENT_MODIFIER_CAP_INVALID']);
    expect(fieldsOf({ modifier: { kind: 'amount', amountInCents: 0 } })).toEqual(['modifier.amountInCents:PAYMENT_MODIFIER_AMOUNT_INVALID']);
    expect(fieldsOf({ modifier: { kind: 'percentage', percent: -10, capInCents: -500 } })).toEqual([]);
  });

  it('given several wrong fields, then every one of them is named at once', () => {
    expect(fieldsOf({ label: '', description: 'a', modifier: { kind: 'amount', amountInCents: 0 } })).toEqual([
      'label:TEXT_REQUIRED',
      'description:TEXT_LENGTH',
      'modifier.amountInCents:PAYMENT_MODIFIER_AMOUNT_INVALID',
    ]);
  });
});

describe('creating and changing a payment mode', () => {
  it('given no mode, when it is created, then its whole configuration is recorded, trimmed', () => {
    spec.given().when(create({ label: ' Virement bancaire ' })).then([configured()]);
  });

  it('given a mode, when it is created again, then it is refused and nothing is written', () => {
    spec.given(configured()).when(create()).thenRefused('PAYMENT_MODE_ALREADY_EXISTS', { paymentModeId: ID });
  });

  it('given no mode, when it is changed, then PAYMENT_MODE_NOT_FOUND', () => {
    spec.given().when(update({ status: 'disabled' })).thenRefused('PAYMENT_MODE_NOT_FOUND');
  });

  it('given a mode, when it is disabled, then the whole configuration is recorded again with the new status', () => {
    spec.given(configured()).when(update({ status: 'disabled' })).then([configured({ status: 'disabled' })]);
  });

  it('given a mode, when a change names what it already is, then nothing is written', () => {
    spec.given(configured()).when(update({ label: 'Virement bancaire', modifier: { kind: 'disabled' } })).then([]);
  });

  it('given the payment_bonus feature, when a 10 % malus capped at 20 € is set, then it is recorded', () => {
    const malus = { kind: 'percentage', percent: -10, capInCents: -2_000 } as const;
    spec.given(configured()).when(update({ modifier: malus })).then([configured({ modifier: malus })]);
  });

  it('given no payment_bonus feature, when a bonus is set, then PAYMENT_BONUS_NOT_ENABLED names the modifier', () => {
    spec.given().when(create({ modifier: { kind: 'amount', amountInCents: 500 } }, false)).thenRefused('PAYMENT_BONUS_NOT_ENABLED', { field: 'modifier' });
    spec.given(configured()).when(update({ modifier: { kind: 'percentage', percent: 5, capInCents: null } }, false)).thenRefused('PAYMENT_BONUS_NOT_ENABLED');
  });

  it('given no payment_bonus feature and a mode that has a malus, then its label may change (the malus kept) and the malus may be removed', () => {
    const malus = { kind: 'amount', amountInCents: -500 } as const;
    spec.given(configured({ modifier: malus })).when(update({ label: 'Virement' }, false)).then([configured({ modifier: malus, label: 'Virement' })]);
    spec.given(configured({ modifier: malus })).when(update({ modifier: { kind: 'disabled' } }, false)).then([configured()]);
  });

  it('given a change that breaks a field, then PAYMENT_MODE_INVALID names it and nothing is written', () => {
    const refusal = spec.given(configured()).when(update({ description: 'x' })).thenRefused('PAYMENT_MODE_INVALID');
    expect(refusal.details.fields).toEqual([{ field: 'description', code: 'TEXT_LENGTH', min: 2, max: 300 }]);
  });
});

describe('a payment mode’s texts in the other languages', () => {
  it('given translations, when the mode is created, then they are kept trimmed, blank ones and unknown fields dropped', () => {
    const translations = { 'en-GB': { label: ' Bank transfer ', description: '' }, 'de-DE': { label: 'Überweisung', colour: 'blau' } };
    spec
      .given()
      .when(create({ translations }))
      .then([configured({ translations: { 'en-GB': { label: 'Bank transfer' }, 'de-DE': { label: 'Überweisung' } } })]);
  });

  it('given a translated text outside its field’s bounds, then PAYMENT_MODE_INVALID names it at translations.<locale>.<field>', () => {
    expect(fieldsOf({ translations: { 'nl-BE': { description: 'x', label: 'y'.repeat(256) } } })).toEqual([
      'translations.nl-BE.description:TEXT_LENGTH',
      'translations.nl-BE.label:TEXT_LENGTH',
    ]);
  });

  it('given a mode written before translations, when nothing changes, then nothing is written', () => {
    const { translations: _none, ...old } = configured().data;
    spec.given({ type: 'PaymentModeConfigured', data: old }).when(update({ label: transfer.label })).then([]);
  });
});
