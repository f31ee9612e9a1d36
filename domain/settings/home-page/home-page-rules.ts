import { DomainError } from '../../shared/domain-error.js';
import type { HomePageConfiguration, HomePageWidget } from '../../organizations/account/home-page.js';

/** The specification's bounds (002 §5 "Home page"), and the platform's own caps on the lists. */
export const HOME_PAGE_LIMITS = {
  metaTitle: { min: 2, max: 255 },
  metaDescription: { min: 2, max: 500 },
  /** Of the HTML as kept (sanitised), in characters. */
  html: { min: 20, max: 200_000 },
  searchTitle: { min: 2, max: 50 },
  maxWidgets: 20,
  maxProductsPerWidget: 24,
  url: { max: 2048 },
} as const;

/** One refused field: its path (`widgets.2.title`), the code of its message, and the bound it broke. */
export interface HomePageFieldError {
  field: string;
  code: string;
  [detail: string]: unknown;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/i;
/** An https address, or a path on this platform (`/api/settings-files/<id>`): never javascript:, data: nor protocol-relative. */
const BANNER_URL = /^(https:\/\/[^\s/$.?#][^\s]*|\/(?!\/)[^\s]*)$/i;

const length = (text: string) => [...text].length;

/**
 * The home page as kept, its widgets' HTML already sanitised (the bound
 * applies to what a visitor gets): texts trimmed, product ids lower-cased
 * and once each. Every problem is refused at once as HOME_PAGE_INVALID,
 * `details.fields` naming each.
 */
export function validateHomePage(home: HomePageConfiguration): HomePageConfiguration {
  const problems: HomePageFieldError[] = [];
  const text = (field: string, raw: string, bounds: { min: number; max: number }): string => {
    const value = raw.trim();
    if (value === '') problems.push({ field, code: 'TEXT_REQUIRED' });
    else if (length(value) < bounds.min || length(value) > bounds.max) problems.push({ field, code: 'TEXT_LENGTH', min: bounds.min, max: bounds.max });
    return value;
  };
  const metaTitle = text('metaTitle', home.metaTitle, HOME_PAGE_LIMITS.metaTitle);
  const metaDescription = text('metaDescription', home.metaDescription, HOME_PAGE_LIMITS.metaDescription);
  if (home.widgets.length > HOME_PAGE_LIMITS.maxWidgets) problems.push({ field: 'widgets', code: 'HOME_PAGE_TOO_MANY_WIDGETS', max: HOME_PAGE_LIMITS.maxWidgets });
  const widgets = home.widgets.map((widget, index): HomePageWidget => {
    const at = `widgets.${index}`;
    switch (widget.type) {
      case 'html':
        return { type: 'html', html: text(`${at}.html`, widget.html, HOME_PAGE_LIMITS.html) };
      case 'products': {
        const productIds = [...new Set(widget.productIds.map((id) => id.trim().toLowerCase()))];
        if (productIds.length === 0) problems.push({ field: `${at}.productIds`, code: 'HOME_PAGE_PRODUCTS_REQUIRED' });
        if (productIds.length > HOME_PAGE_LIMITS.maxProductsPerWidget) problems.push({ field: `${at}.productIds`, code: 'HOME_PAGE_TOO_MANY_PRODUCTS', max: HOME_PAGE_LIMITS.maxProductsPerWidget });
        productIds.forEach((id, i) => {
          if (!UUID.test(id)) problems.push({ field: `${at}.productIds.${i}`, code: 'HOME_PAGE_PRODUCT_ID_INVALID', productId: id });
        });
        return { type: 'products', productIds };
      }
      case 'search': {
        const title = text(`${at}.title`, widget.title, HOME_PAGE_LIMITS.searchTitle);
        const url = (widget.bannerImageUrl ?? '').trim();
        if (url !== '' && (length(url) > HOME_PAGE_LIMITS.url.max || !BANNER_URL.test(url))) problems.push({ field: `${at}.bannerImageUrl`, code: 'HOME_PAGE_BANNER_URL_INVALID' });
        return { type: 'search', title, bannerImageUrl: url === '' ? null : url };
      }
    }
  });
  if (problems.length > 0) throw new DomainError('HOME_PAGE_INVALID', { fields: problems });
  return { metaTitle, metaDescription, status: home.status, widgets };
}

/** Every product id the widgets name, once each, in order. */
export function productIdsOf(home: HomePageConfiguration): string[] {
  return [...new Set(home.widgets.flatMap((widget) => (widget.type === 'products' ? widget.productIds : [])))];
}
