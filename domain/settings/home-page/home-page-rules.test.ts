import { describe, expect, it } from 'vitest';
import type { DomainError } from '../../shared/domain-error.js';
import { decideHomePage, evolveHomePage, homePageOf, type HomePageConfiguration } from '../../organizations/account/home-page.js';
import { HOME_PAGE_LIMITS, productIdsOf, validateHomePage } from './home-page-rules.js';

const ACCOUNT = '7d4b8c1e-2f3a-4b5c-8d6e-9f0a1b2c3d4e';
const PRODUCT = '0b7e2a4c-1d3f-4e5a-9b6c-7d8e9f0a1b2c';
const valid: HomePageConfiguration = {
  metaTitle: '  Reprise de vos appareils ',
  metaDescription: 'Estimez et revendez votre téléphone en quelques minutes.',
  status: 'on',
  widgets: [
    { type: 'html', html: '<p>Nos offres de reprise du moment</p>' },
    { type: 'products', productIds: [PRODUCT.toUpperCase(), PRODUCT] },
    { type: 'search', title: 'Trouvez votre appareil', bannerImageUrl: '/api/settings-files/42' },
  ],
};

function refusedFields(home: HomePageConfiguration): string[] {
  try {
    validateHomePage(home);
  } catch (error) {
    expect((error as DomainError).code).toBe('HOME_PAGE_INVALID');
    return ((error as DomainError).details.fields as Array<{ field: string; code: string }>).map((f) => `${f.field}:${f.code}`);
  }
  return expect.fail('refused');
}

describe('Home page rules (specification 002 §5)', () => {
  it('Given a valid home page, when validated, then its texts are trimmed and its product ids lower-cased once each, in order', () => {
    expect(validateHomePage(valid)).toEqual({
      ...valid,
      metaTitle: 'Reprise de vos appareils',
      widgets: [valid.widgets[0], { type: 'products', productIds: [PRODUCT] }, valid.widgets[2]],
    });
    expect(productIdsOf(valid)).toEqual([PRODUCT.toUpperCase(), PRODUCT]);
  });

  it('Given each bound at its limit, when validated, then it is accepted; one past, it is refused and named', () => {
    const at = (title: number, description: number, html: number, search: number): HomePageConfiguration => ({
      metaTitle: 't'.repeat(title),
      metaDescription: 'd'.repeat(description),
      status: 'off',
      widgets: [
        { type: 'html', html: 'h'.repeat(html) },
        { type: 'search', title: 's'.repeat(search), bannerImageUrl: null },
      ],
    });
    const { metaTitle, metaDescription, html, searchTitle } = HOME_PAGE_LIMITS;
    expect(() => validateHomePage(at(metaTitle.min, metaDescription.min, html.min, searchTitle.min))).not.toThrow();
    expect(() => validateHomePage(at(metaTitle.max, metaDescription.max, html.max, searchTitle.max))).not.toThrow();
    expect(refusedFields(at(metaTitle.min - 1, metaDescription.min - 1, html.min - 1, searchTitle.min - 1))).toEqual([
      'metaTitle:TEXT_LENGTH',
      'metaDescription:TEXT_LENGTH',
      'widgets.0.html:TEXT_LENGTH',
      'widgets.1.title:TEXT_LENGTH',
    ]);
    expect(refusedFields(at(metaTitle.max + 1, metaDescription.max + 1, html.max + 1, searchTitle.max + 1))).toHaveLength(4);
  });

  it('Given bad product ids, an empty product list, a javascript: banner and too many widgets, when validated, then each is named', () => {
    const home: HomePageConfiguration = {
      ...valid,
      metaTitle: ' ',
      widgets: [
        { type: 'products', productIds: ['not-a-uuid'] },
        { type: 'products', productIds: [] },
        { type: 'search', title: 'Recherche', bannerImageUrl: 'javascript:alert(1)' },
        { type: 'search', title: 'Recherche', bannerImageUrl: '//evil.example/banner.png' },
        ...Array.from({ length: HOME_PAGE_LIMITS.maxWidgets - 3 }, () => ({ type: 'html' as const, html: '<p>Un widget assez long</p>' })),
      ],
    };
    expect(refusedFields(home)).toEqual([
      'metaTitle:TEXT_REQUIRED',
      'widgets:HOME_PAGE_TOO_MANY_WIDGETS',
      'widgets.0.productIds.0:HOME_PAGE_PRODUCT_ID_INVALID',
      'widgets.1.productIds:HOME_PAGE_PRODUCTS_REQUIRED',
      'widgets.2.bannerImageUrl:HOME_PAGE_BANNER_URL_INVALID',
      'widgets.3.bannerImageUrl:HOME_PAGE_BANNER_URL_INVALID',
    ]);
  });

  it('Given a home page written before its widgets were typed, when read, then its HTML widgets come first, then its products, then its search', () => {
    const legacy = {
      metaTitle: 'Accueil',
      metaDescription: 'Reprise',
      status: 'on' as const,
      widgets: [{ html: '<p>Bienvenue chez nous</p>' }],
      highlightedProductIds: [PRODUCT],
      search: { title: 'Chercher', bannerImageUrl: null },
    };
    expect(homePageOf(legacy)).toEqual({
      metaTitle: 'Accueil',
      metaDescription: 'Reprise',
      status: 'on',
      widgets: [
        { type: 'html', html: '<p>Bienvenue chez nous</p>' },
        { type: 'products', productIds: [PRODUCT] },
        { type: 'search', title: 'Chercher', bannerImageUrl: null },
      ],
    });
    expect(homePageOf({ ...legacy, highlightedProductIds: [], search: null })?.widgets).toEqual([{ type: 'html', html: '<p>Bienvenue chez nous</p>' }]);
    expect(homePageOf(valid)).toBe(valid);
    expect(homePageOf(null)).toBeNull();
  });

  it('Given a configured home page, when only its status and widget order change, then HomePageChanged holds only those; the same again records nothing', () => {
    const current = validateHomePage(valid);
    expect(decideHomePage(ACCOUNT, null, current, null)).toEqual([{ type: 'HomePageChanged', data: { accountId: ACCOUNT, changes: current, reason: null } }]);
    const next = { ...current, status: 'off' as const, widgets: [...current.widgets].reverse() };
    const events = decideHomePage(ACCOUNT, current, next, 'Soldes');
    expect(events).toEqual([{ type: 'HomePageChanged', data: { accountId: ACCOUNT, changes: { status: 'off', widgets: next.widgets }, reason: 'Soldes' } }]);
    expect(evolveHomePage(current, events[0]!.data.changes)).toEqual(next);
    expect(decideHomePage(ACCOUNT, next, next, null)).toEqual([]);
  });
});
