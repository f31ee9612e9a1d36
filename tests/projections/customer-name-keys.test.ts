import { describe, expect, it } from 'vitest';
import { customerNameKeysOf, keyPrefixRange, nameKeyOf } from '../../application/buybacks/customer-name-read-model.js';
import { FORGOTTEN } from '../../application/ports/personal-data.js';

/** The keys the customer-name filters read by index (the payment search): what a buyback keeps, and what a typed name looks up. */
describe('the customer-name keys', () => {
  it('keep the last name, "first last" and "last first", accents removed, lower case, single-spaced', () => {
    expect(customerNameKeysOf({ firstName: ' Clément  Éloi', lastName: 'DE  LA Tour' })).toEqual({
      customerLastNameKey: 'de la tour',
      customerFirstLastKey: 'clement eloi de la tour',
      customerLastFirstKey: 'de la tour clement eloi',
    });
  });

  it('are null once the customer is forgotten', () => {
    expect(customerNameKeysOf(FORGOTTEN)).toEqual({ customerLastNameKey: null, customerFirstLastKey: null, customerLastFirstKey: null });
  });

  it('look a typed name up as it is keyed', () => {
    expect(nameKeyOf('  ANATÔLE   Quintavalle ')).toBe('anatole quintavalle');
  });

  it('hold every key starting with a text, and only those, in the text’s prefix range', () => {
    const range = keyPrefixRange('dur');
    const within = (key: string) => key >= range.$gte && key < range.$lt;
    expect(['dur', 'durand', 'durand jean', 'dur~'].every(within)).toBe(true);
    expect(['du', 'dus', 'duq', 'dvr', 'e'].some(within)).toBe(false);
  });
});
