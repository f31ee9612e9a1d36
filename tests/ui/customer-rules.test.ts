import { describe, expect, it } from 'vitest';
import { EMPTY_CUSTOMER, type CustomerDraft } from '../../ui/shared/buyback-path/cart-store.js';
import {
  checkCustomer,
  errorsFromApi,
  firstErrorField,
  formFieldOf,
  internationalPhone,
  toCustomerPayload,
} from '../../ui/shared/buyback-path/customer/customer-rules.js';
import { validateCustomer } from '../../application/buybacks/customer-validation.js';

const TODAY = '2026-01-10';
const RULES = { ibanRequired: true, identityRequired: true, idCollected: false };

const VALID: CustomerDraft = {
  ...EMPTY_CUSTOMER,
  firstName: 'Camille',
  lastName: 'Durand',
  email: 'camille.durand@example.com',
  phoneCountry: 'FR',
  phoneNumber: '06 12 34 56 78',
  street: '12 rue de la Paix',
  zipCode: '75002',
  city: 'Paris',
  country: 'FR',
  iban: 'FR76 3000 6000 0112 3456 7890 189',
  identityType: 'identity_card',
  identityNumber: 'X4RTBPFW4',
  identityAuthority: 'Préfecture de Paris',
  identityDeliveryDate: '2020-05-14',
  termsAccepted: true,
};

describe('Given the customer form’s rules', () => {
  it('When every field is right, then there is no error and the payload passes the server’s own rule', () => {
    expect(checkCustomer(VALID, RULES, TODAY)).toEqual({});
    const payload = toCustomerPayload(VALID, RULES);
    expect(payload.phone).toBe('+33612345678');
    expect(validateCustomer(payload, { ...RULES, today: TODAY })).toHaveProperty('customer');
  });

  it('When fields are wrong, then each gets the API’s code as an "api" text with its values, in screen order', () => {
    const errors = checkCustomer({ ...VALID, firstName: 'C', email: 'camille@', zipCode: '7500', termsAccepted: false }, RULES, TODAY);

    expect(errors).toEqual({
      firstName: { key: 'api:errors.TEXT_LENGTH', values: { min: 2, max: 255 } },
      email: { key: 'api:errors.EMAIL_INVALID', values: {} },
      zipCode: { key: 'api:errors.ZIP_CODE_INVALID', values: { country: 'FR' } },
      termsAccepted: { key: 'buyback-path:customer.errors.termsRequired', values: {} },
    });
    expect(firstErrorField(errors)).toBe('firstName');
  });

  it('When several identity fields are wrong, then each shows its own error at once', () => {
    const errors = checkCustomer({ ...VALID, identityType: '', identityNumber: '12', identityAuthority: '', identityDeliveryDate: '2030-01-01' }, RULES, TODAY);

    expect(Object.keys(errors).sort()).toEqual(['identityAuthority', 'identityDeliveryDate', 'identityNumber', 'identityType']);
    expect(errors.identityNumber).toEqual({ key: 'api:errors.IDENTITY_NUMBER_INVALID', values: { min: 5, max: 20 } });
  });

  it('When the payment is not a bank transfer and no identity is required, then neither is asked nor sent', () => {
    const rules = { ibanRequired: false, identityRequired: false, idCollected: false };
    const draft = { ...VALID, iban: 'not an iban', identityType: '' };

    expect(checkCustomer(draft, rules, TODAY)).toEqual({});
    expect(toCustomerPayload(draft, rules)).toMatchObject({ iban: null, identity: null });
  });

  it('When only the customer ID is collected, then its type and number are asked and checked, not the issuing authority nor the date', () => {
    const rules = { ibanRequired: false, identityRequired: false, idCollected: true };
    const draft = { ...VALID, identityAuthority: '', identityDeliveryDate: '' };

    expect(checkCustomer(draft, rules, TODAY)).toEqual({});
    const payload = toCustomerPayload(draft, rules);
    const accepted = validateCustomer(payload, { ...rules, today: TODAY });
    expect(accepted).toMatchObject({ customer: { identity: { type: 'identity_card', number: 'X4RTBPFW4', issuingAuthority: null, deliveryDate: null } } });
    expect(Object.keys(checkCustomer({ ...draft, identityType: '', identityNumber: '1' }, rules, TODAY)).sort()).toEqual(['identityNumber', 'identityType']);
    // Nothing sent: the server's own rule refuses it with its own code.
    expect(validateCustomer({ ...payload, identity: null }, { ...rules, today: TODAY })).toEqual({ errors: [{ field: 'customer.identity', code: 'CUSTOMER_ID_REQUIRED' }] });
  });

  it('When a bank transfer pays, then the IBAN is checked with the domain rule', () => {
    expect(checkCustomer({ ...VALID, iban: 'FR7630006000011234567890188' }, RULES, TODAY).iban?.key).toBe('api:errors.IBAN_CHECKSUM_INVALID');
  });

  it('When the postal code is a real one of the chosen country, then it passes, stored in its national form', () => {
    const cases = [
      ['FR', '97500', '97500'], // Saint-Pierre-et-Miquelon, with France as the country
      ['PM', '97500', '97500'],
      ['FR', '97400', '97400'],
      ['FR', '20000', '20000'],
      ['MC', '98000', '98000'],
      ['LU', 'L-1009', '1009'],
      ['LU', '1009', '1009'],
      ['NL', '1012 JS', '1012 JS'],
      ['NL', '1012js', '1012 JS'],
      ['BE', 'B-1000', '1000'],
      ['DE', '01067', '01067'],
      ['GB', 'SW1A 1AA', 'SW1A 1AA'], // other countries: validator's rule, as before
    ] as const;
    for (const [country, zipCode, stored] of cases) {
      const draft = { ...VALID, country, zipCode };
      expect(checkCustomer(draft, RULES, TODAY).zipCode, `${country} ${zipCode}`).toBeUndefined();
      expect(validateCustomer(toCustomerPayload(draft, RULES), { ...RULES, today: TODAY }), `${country} ${zipCode}`).toMatchObject({ customer: { country, zipCode: stored } });
    }
  });

  it('When the postal code is not one of the chosen country, then the field says so with the country', () => {
    for (const [country, zipCode] of [['FR', '98000'], ['FR', '96000'], ['PM', '97400'], ['MC', '75002'], ['LU', '10090'], ['NL', '0123 AB'], ['DE', '00123'], ['GB', '75002X']] as const) {
      expect(checkCustomer({ ...VALID, country, zipCode }, RULES, TODAY).zipCode, `${country} ${zipCode}`).toEqual({ key: 'api:errors.ZIP_CODE_INVALID', values: { country } });
    }
  });

  it('Then the phone input defaults to France and turns national numbers of the chosen country into E.164', () => {
    expect(EMPTY_CUSTOMER.phoneCountry).toBe('FR');
    expect(internationalPhone('BE', '0470 12 34 56')).toBe('+32470123456');
    expect(internationalPhone('FR', '+32 470 12 34 56')).toBe('+32470123456');
    expect(checkCustomer({ ...VALID, phoneCountry: 'BE', phoneNumber: '06 12 34 56 78' }, RULES, TODAY).phoneNumber?.key).toBe('api:errors.PHONE_INVALID');
  });

  it('When the API refuses fields, then its paths land on the form’s fields and the others are kept apart', () => {
    const { errors, unplaced } = errorsFromApi([
      { field: 'customer.identity.number', code: 'IDENTITY_NUMBER_INVALID', message: '…', min: 5, max: 20 },
      { field: 'customer.phone', code: 'PHONE_INVALID', message: '…' },
      { field: 'imei', code: 'IMEI_TOO_SHORT', message: '…', min: 15 },
    ]);

    expect(errors).toEqual({
      identityNumber: { key: 'api:errors.IDENTITY_NUMBER_INVALID', values: { min: 5, max: 20 } },
      phoneNumber: { key: 'api:errors.PHONE_INVALID', values: {} },
    });
    expect(unplaced.map((p) => p.field)).toEqual(['imei']);
    expect(formFieldOf('customer.identity')).toBe('identityType');
  });
});
