import { describe, expect, it } from 'vitest';
import {
  ACCEPT_ALL,
  CONSENT_STORAGE_KEY,
  REFUSE_ALL,
  consentExpiresAt,
  consentMode,
  makeChoice,
  readChoice,
  reloadAfterSaving,
  validChoice,
  writeChoice,
  type ChoiceStorage,
} from '../../ui/storefront/features/consent/consent-rules.js';
import { pageViewOf, sendsPageView } from '../../ui/storefront/features/consent/page-views.js';
import { purposesOfVendorChoices } from '../../ui/storefront/features/consent/axeptio.js';

class MemoryStorage implements ChoiceStorage {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const at = (iso: string) => new Date(iso);

describe('Given a visitor’s consent choice (CNIL: kept six months, then asked again)', () => {
  it.each([
    ['2026-01-15T10:00:00.000Z', '2026-07-15T10:00:00.000Z'],
    ['2026-08-31T23:30:00.000Z', '2027-02-28T23:30:00.000Z'],
    ['2027-08-31T08:00:00.000Z', '2028-02-29T08:00:00.000Z'],
    ['2026-12-01T00:00:00.000Z', '2027-06-01T00:00:00.000Z'],
  ])('When made at %s, Then it expires at %s', (decided, expires) => {
    expect(consentExpiresAt(at(decided)).toISOString()).toBe(expires);
  });

  it('When read back the day before its expiry, Then it holds; the minute after, Then it is forgotten and removed from the storage', () => {
    const storage = new MemoryStorage();
    writeChoice(storage, makeChoice(ACCEPT_ALL, at('2026-01-15T10:00:00.000Z')));
    expect(readChoice(storage, at('2026-07-14T10:00:00.000Z'))?.purposes).toEqual(ACCEPT_ALL);
    expect(readChoice(storage, at('2026-07-15T10:01:00.000Z'))).toBeNull();
    expect(storage.values.has(CONSENT_STORAGE_KEY)).toBe(false);
  });

  it('When the refusal is read back within six months, Then it holds as well (a refusal is remembered as long as a consent)', () => {
    const storage = new MemoryStorage();
    writeChoice(storage, makeChoice(REFUSE_ALL, at('2026-03-01T09:00:00.000Z')));
    expect(readChoice(storage, at('2026-08-31T09:00:00.000Z'))?.purposes).toEqual(REFUSE_ALL);
  });

  it.each([
    ['not JSON', '{oops'],
    ['another version', JSON.stringify({ version: 0, decidedAt: '2026-03-01T09:00:00.000Z', purposes: ACCEPT_ALL })],
    ['a purpose missing', JSON.stringify({ version: 1, decidedAt: '2026-03-01T09:00:00.000Z', purposes: { analytics: true } })],
    ['a purpose not a boolean', JSON.stringify({ version: 1, decidedAt: '2026-03-01T09:00:00.000Z', purposes: { analytics: 'yes', advertising: false } })],
    ['no date', JSON.stringify({ version: 1, purposes: ACCEPT_ALL })],
    ['a date in the future', JSON.stringify({ version: 1, decidedAt: '2027-03-01T09:00:00.000Z', purposes: ACCEPT_ALL })],
  ])('When the stored value is %s, Then no choice holds (the visitor is asked)', (_, stored) => {
    expect(validChoice(stored, at('2026-04-01T00:00:00.000Z'))).toBeNull();
  });

  it('When a choice is made, Then each purpose is explicitly true or false, and dated in UTC', () => {
    const choice = makeChoice({ analytics: true, advertising: undefined as unknown as boolean }, at('2026-05-02T12:00:00.000Z'));
    expect(choice).toEqual({ version: 1, decidedAt: '2026-05-02T12:00:00.000Z', purposes: { analytics: true, advertising: false } });
  });

  it('When saving, Then the page reloads only when audience measurement becomes allowed or is withdrawn', () => {
    const now = at('2026-05-02T12:00:00.000Z');
    expect(reloadAfterSaving(null, makeChoice(ACCEPT_ALL, now))).toBe(true);
    expect(reloadAfterSaving(null, makeChoice({ analytics: true, advertising: false }, now))).toBe(true);
    expect(reloadAfterSaving(null, makeChoice(REFUSE_ALL, now))).toBe(false);
    expect(reloadAfterSaving(null, makeChoice({ analytics: false, advertising: true }, now))).toBe(false);
    expect(reloadAfterSaving(makeChoice(ACCEPT_ALL, now), makeChoice({ analytics: true, advertising: false }, now))).toBe(false);
    expect(reloadAfterSaving(makeChoice(ACCEPT_ALL, now), makeChoice(REFUSE_ALL, now))).toBe(true);
  });

  it('When the retailer set no tag manager and no vendor, Then nothing is asked; the vendor when set, else the built-in banner', () => {
    expect(consentMode({ tagManagerId: null, axeptioId: null })).toBe('none');
    expect(consentMode({ tagManagerId: '  ', axeptioId: '' })).toBe('none');
    expect(consentMode({ tagManagerId: 'GTM-ABC123', axeptioId: null })).toBe('built-in');
    expect(consentMode({ tagManagerId: 'GTM-ABC123', axeptioId: '64f0c0ffee' })).toBe('vendor');
  });

  it('When the vendor reports its choices, Then the purposes follow the accepted vendors only', () => {
    expect(purposesOfVendorChoices({ $$completed: true, google_analytics: true })).toEqual({ analytics: true, advertising: false });
    expect(purposesOfVendorChoices({ $$completed: true, google_analytics: false, google_ads: true })).toEqual({ analytics: false, advertising: true });
    expect(purposesOfVendorChoices({ $$completed: true })).toEqual(REFUSE_ALL);
  });
});

describe('Given the page views (specification 000 §2: none on the category, add-to-cart, confirmation and estimate-error routes)', () => {
  it.each(['/category/3f0e/smartphones', '/diag', '/diag/abc/iphone-13', '/diag/abc/iphone-13/item-1', '/buyback-confirmation', '/estimate-error'])(
    'When the visitor arrives at %s, Then no page view is sent',
    (pathname) => {
      expect(sendsPageView(pathname)).toBe(false);
    },
  );

  it.each(['/', '/search', '/results', '/categories', '/cgu', '/cookies-policy', '/stores', '/buyback-confirmation-docs', '/cart/summary'])(
    'When the visitor arrives at %s, Then a page view is sent',
    (pathname) => {
      expect(sendsPageView(pathname)).toBe(true);
    },
  );

  it('When the location does not change (same path and query), Then no second page view; a new query is a new one', () => {
    expect(pageViewOf({ pathname: '/results', search: '?q=iphone' }, null)).toEqual({ path: '/results?q=iphone' });
    expect(pageViewOf({ pathname: '/results', search: '?q=iphone' }, '/results?q=iphone')).toBeNull();
    expect(pageViewOf({ pathname: '/results', search: '?q=pixel' }, '/results?q=iphone')).toEqual({ path: '/results?q=pixel' });
    expect(pageViewOf({ pathname: '/category/1/phones', search: '' }, '/')).toBeNull();
  });
});
