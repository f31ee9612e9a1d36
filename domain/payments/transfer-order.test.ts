import { describe, expect, it } from 'vitest';
import { LOCALES } from '../organizations/events.js';
import { deciderSpecification, domainErrorOf } from '../shared/test-support.js';
import {
  checkTransferOrderText,
  decideTransferOrderText,
  DEFAULT_TRANSFER_ORDER_TEXTS,
  effectiveTransferOrderText,
  evolveTransferOrderSettings,
  NO_TRANSFER_ORDER_SETTINGS,
  renderTransferOrderText,
  TRANSFER_ORDER_VARIABLES,
  variablesOf,
  type SaveTransferOrderText,
  type TransferOrderSettings,
  type TransferOrderSettingsEvent,
  type TransferOrderValues,
} from './transfer-order.js';

const ACCOUNT = 'acc-1';
const values: TransferOrderValues = {
  total_price: '120,00 €',
  buyer_address: '3 rue de l’Industrie, 93200 Saint-Denis, FR',
  buyer_long_name: 'Demo Refurb SAS',
  buyer_name: 'Demo Buyer Refurb',
  buyer_siret: '12345678900011',
  buyer_capital: '10 000 €',
  customer_firstname: 'Zoé',
  customer_lastname: 'Martin',
  payment_type: 'Virement bancaire',
  product_label: 'Apple iPhone 15 128 Go',
};

const spec = deciderSpecification<TransferOrderSettings, SaveTransferOrderText, TransferOrderSettingsEvent>({
  initialState: () => NO_TRANSFER_ORDER_SETTINGS,
  evolve: evolveTransferOrderSettings,
  decide: decideTransferOrderText,
});
const save = (text: string | null, customAllowed = true): SaveTransferOrderText => ({ type: 'SaveTransferOrderText', data: { accountId: ACCOUNT, text, customAllowed } });
const saved = (text: string): TransferOrderSettingsEvent => ({ type: 'TransferOrderTextSaved', data: { accountId: ACCOUNT, text } });

describe('checking a retailer’s transfer order text', () => {
  it('accepts every listed variable, with or without spaces inside the braces', () => {
    const text = TRANSFER_ORDER_VARIABLES.map((name, index) => (index % 2 ? `{{${name}}}` : `{{ ${name} }}`)).join(' ');
    expect(() => checkTransferOrderText(text)).not.toThrow();
    expect(variablesOf(text)).toEqual([...TRANSFER_ORDER_VARIABLES]);
  });

  it('refuses a variable outside the list and names it', () => {
    const error = domainErrorOf(() => checkTransferOrderText('Payé {{total_price}} à {{customer_email}}'));
    expect(error.code).toBe('TRANSFER_ORDER_VARIABLE_UNKNOWN');
    expect(error.details).toMatchObject({ field: 'text', variable: 'customer_email' });
  });

  it('refuses a variable in another case: names are exact', () => {
    expect(domainErrorOf(() => checkTransferOrderText('{{Total_Price}}')).details).toMatchObject({ variable: 'Total_Price' });
  });

  it('refuses braces that open or close nothing', () => {
    expect(domainErrorOf(() => checkTransferOrderText('Prix : {{total_price')).code).toBe('TRANSFER_ORDER_VARIABLE_MALFORMED');
    expect(domainErrorOf(() => checkTransferOrderText('Prix : total_price}} ok')).code).toBe('TRANSFER_ORDER_VARIABLE_MALFORMED');
  });

  it('counts 2 to 5000 characters (code points, spaces around trimmed)', () => {
    expect(domainErrorOf(() => checkTransferOrderText('  a  ')).code).toBe('TRANSFER_ORDER_TEXT_TOO_SHORT');
    expect(() => checkTransferOrderText('ab')).not.toThrow();
    expect(() => checkTransferOrderText('é'.repeat(5000))).not.toThrow();
    // 5000 letters outside the BMP are 10,000 UTF-16 units and still 5000 characters.
    expect(() => checkTransferOrderText('𝔸'.repeat(5000))).not.toThrow();
    expect(domainErrorOf(() => checkTransferOrderText('a'.repeat(5001))).details).toMatchObject({ max: 5000, length: 5001 });
  });
});

describe('rendering a transfer order text', () => {
  it('replaces each variable by its value, wherever and however often it appears', () => {
    expect(renderTransferOrderText('{{customer_firstname}} {{ customer_lastname }} cède {{product_label}} pour {{total_price}} ({{total_price}})', values)).toBe(
      'Zoé Martin cède Apple iPhone 15 128 Go pour 120,00 € (120,00 €)',
    );
  });

  it('never expands a value that looks like a variable', () => {
    expect(renderTransferOrderText('{{customer_lastname}}', { ...values, customer_lastname: '{{total_price}}' })).toBe('{{total_price}}');
  });

  it('leaves an unknown placeholder as written', () => {
    expect(renderTransferOrderText('a {{gone}} b', values)).toBe('a {{gone}} b');
  });

  it('fills every default text completely, in each language', () => {
    for (const locale of LOCALES) {
      const rendered = renderTransferOrderText(DEFAULT_TRANSFER_ORDER_TEXTS[locale], values);
      expect(rendered, locale).not.toMatch(/\{\{|\}\}/);
      expect(rendered, locale).toContain('Zoé');
      expect(() => checkTransferOrderText(DEFAULT_TRANSFER_ORDER_TEXTS[locale]), locale).not.toThrow();
    }
  });
});

describe('saving the transfer order text', () => {
  it('given no text, when a valid one is saved, then it is recorded trimmed, with its line breaks', () => {
    spec.given().when(save('  Je cède {{product_label}}.\r\nSigné.  ')).then([saved('Je cède {{product_label}}.\nSigné.')]);
  });

  it('given a text, when the same one is saved again, then nothing is written', () => {
    spec.given(saved('Je cède {{product_label}}.')).when(save('Je cède {{product_label}}.')).then([]);
  });

  it('given a text, when null is saved, then the account goes back to the default', () => {
    spec.given(saved('Texte')).when(save(null)).then([{ type: 'TransferOrderTextReset', data: { accountId: ACCOUNT } }]);
    spec.given().when(save(null)).then([]);
  });

  it('without the premium feature, saving a text is refused, but going back to the default is not', () => {
    spec.given().when(save('Texte', false)).thenRefused('PREMIUM_FEATURE_NOT_ENABLED', { feature: 'custom_transfer_order', field: 'text' });
    spec.given(saved('Texte')).when(save(null, false)).then([{ type: 'TransferOrderTextReset', data: { accountId: ACCOUNT } }]);
  });

  it('an unknown variable is refused and nothing is written', () => {
    spec.given().when(save('{{iban}}')).thenRefused('TRANSFER_ORDER_VARIABLE_UNKNOWN', { variable: 'iban' });
  });

  it('other settings events in the stream (the debtor account) change nothing', () => {
    const state = evolveTransferOrderSettings({ customText: 'x' }, { type: 'DebtorAccountSet', data: {} });
    expect(state).toEqual({ customText: 'x' });
  });
});

describe('the text a buyback prints', () => {
  it('is the retailer’s own with the premium feature, else the default in the customer’s language', () => {
    expect(effectiveTransferOrderText({ customText: 'Mien' }, true, 'de-DE')).toEqual({ text: 'Mien', custom: true });
    expect(effectiveTransferOrderText({ customText: 'Mien' }, false, 'de-DE')).toEqual({ text: DEFAULT_TRANSFER_ORDER_TEXTS['de-DE'], custom: false });
    expect(effectiveTransferOrderText(NO_TRANSFER_ORDER_SETTINGS, true, 'nl-BE')).toEqual({ text: DEFAULT_TRANSFER_ORDER_TEXTS['nl-BE'], custom: false });
  });
});
