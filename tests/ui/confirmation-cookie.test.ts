import { describe, expect, it } from 'vitest';
import { CONFIRMATION_PATH, CONFIRMATIONS_COOKIE as SERVER_READS } from '../../infrastructure/http/storefront-render.js';
import {
  CONFIRMATIONS_COOKIE_PATH,
  confirmationsCookie,
  confirmationsInCookies,
  decodeConfirmations,
  MAX_COOKIE_VALUE_LENGTH,
} from '../../ui/storefront/features/tunnel/confirmation-cookie.js';
import type { ConfirmedBuyback } from '../../ui/shared/buyback-path/types.js';

/**
 * The confirmation's cookie (ui/storefront/features/tunnel/confirmation-cookie.ts): what the tunnel writes is what the
 * server's render reads back, within a cookie's size, and anything that is not such a value reads as nothing.
 */
const registered = (n: number, description: string | null = 'Déposez le colis dans un bureau de poste sous 14 jours.'): ConfirmedBuyback => ({
  id: `4f0d6a1c-3b52-4c1e-9f4e-${String(n).padStart(12, '0')}`,
  identificationNumber: String(2_600_000_000_000 + n),
  productLabel: 'Apple iPhone 15 128 Go – Bleu',
  price: { amountInCents: 41_000 + n, currency: 'EUR' },
  shippingMethod: { label: 'Envoi par La Poste', description },
  paymentMode: { label: 'Virement bancaire' },
  documentsToken: `v1.${'x'.repeat(120)}.${n}`,
});

/** The cookie's name=value part, as a browser sends it back. */
const sent = (assignment: string) => assignment.split(';')[0] as string;

describe('Given what a visitor’s registrations answered', () => {
  it('When it is written to the cookie, then the cookie header gives the same records back, accents included, and the server finds the cookie', () => {
    const records = [registered(2), registered(1)];
    const assignment = confirmationsCookie(records, false);

    // A session cookie: gone when the browser closes, as the tab's storage it doubles.
    expect(assignment).toMatch(/; Path=\/buyback-confirmation; SameSite=Strict$/);
    expect(confirmationsInCookies(`language=fr-FR; ${sent(assignment)}; _ga=GA1.1`)).toEqual(records);
    expect(SERVER_READS.exec(`language=fr-FR; ${sent(assignment)}`)?.[1]).toBe(sent(assignment).split('=')[1]);
    expect(CONFIRMATION_PATH).toBe(CONFIRMATIONS_COOKIE_PATH);
  });

  it('When the storefront is served over HTTPS, then the cookie is Secure', () => {
    expect(confirmationsCookie([registered(1)], true)).toContain('; Secure');
    expect(confirmationsCookie([registered(1)], false)).not.toContain('Secure');
  });

  it('When the records outgrow a cookie, then the oldest are left out and the newest kept', () => {
    const records = Array.from({ length: 12 }, (_, n) => registered(12 - n));
    const value = sent(confirmationsCookie(records, false)).split('=')[1] as string;
    const kept = decodeConfirmations(value);

    expect(value.length).toBeLessThanOrEqual(MAX_COOKIE_VALUE_LENGTH);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(records.length);
    expect(kept).toEqual(records.slice(0, kept.length));
  });

  it('When not even one record fits, then the cookie is removed', () => {
    expect(confirmationsCookie([registered(1, 'é'.repeat(2_000))], false)).toMatch(/^tradein_confirmations=; .*Max-Age=0$/);
    expect(confirmationsCookie([], false)).toMatch(/Max-Age=0$/);
  });

  it('When the value was edited, cut or is not ours, then it reads as no record', () => {
    const value = sent(confirmationsCookie([registered(1)], false)).split('=')[1] as string;
    const forged = Buffer.from(JSON.stringify([{ ...registered(1), price: { amountInCents: '410', currency: 'EUR' } }])).toString('base64url');

    expect(decodeConfirmations(value.slice(0, -7))).toEqual([]);
    expect(decodeConfirmations(forged)).toEqual([]);
    expect(decodeConfirmations(Buffer.from('{"id":"x"}').toString('base64url'))).toEqual([]);
    expect(decodeConfirmations('a%22b')).toEqual([]);
    expect(confirmationsInCookies('language=fr-FR')).toEqual([]);
  });
});
