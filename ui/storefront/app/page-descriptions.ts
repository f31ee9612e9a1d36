/**
 * The meta description of every storefront page: what a search engine shows
 * under the page's title. Each page names its own (PageHeader's `page`);
 * texts are in the "app" namespace (`meta.<page>`), in every language, with
 * the retailer's `name` and, where the page has one, its `category` or
 * `search`. Pages of the tunnel, which are nobody's landing page, share the
 * default one.
 */
export const PAGE_DESCRIPTIONS = {
  default: 'meta.default',
  home: 'meta.home',
  search: 'meta.search',
  results: 'meta.results',
  categories: 'meta.categories',
  category: 'meta.category',
  termsOfUse: 'meta.termsOfUse',
  termsOfService: 'meta.termsOfService',
  faq: 'meta.faq',
  cookiesPolicy: 'meta.cookiesPolicy',
  cookiesPolicyDocument: 'meta.cookiesPolicyDocument',
  accessibilityStatement: 'meta.accessibilityStatement',
  stores: 'meta.stores',
  confirmationDocs: 'meta.confirmationDocs',
  estimateError: 'meta.estimateError',
  priceProposal: 'meta.priceProposal',
  cartCheckout: 'meta.cartCheckout',
  notFound: 'meta.notFound',
  notAvailable: 'meta.notAvailable',
} as const;

export type DescribedPage = keyof typeof PAGE_DESCRIPTIONS;

/** What a description may name besides the retailer. */
export interface DescriptionValues {
  category?: string;
  search?: string;
}

/** The part of a document this needs (a test gives a stand-in). */
interface Head {
  querySelector(selector: string): { setAttribute(name: string, value: string): void } | null;
  appendChild(node: never): unknown;
  ownerDocument: { createElement(tag: 'meta'): { setAttribute(name: string, value: string): void } };
}

/** Writes `text` into the page's one <meta name="description"> (index.html has one; made if missing). */
export function setMetaDescription(text: string, head: Head = document.head as unknown as Head): void {
  let meta = head.querySelector('meta[name="description"]');
  if (!meta) {
    meta = head.ownerDocument.createElement('meta');
    meta.setAttribute('name', 'description');
    head.appendChild(meta as never);
  }
  meta.setAttribute('content', text);
}

/**
 * The page's one <link rel="canonical"> (absolute, on the storefront's own
 * origin): the address search engines list for pages reached by several
 * (a product's diagnosis with a step or a cart item, a category's first
 * page); null removes it, for pages meant to be found by no other address.
 */
export function setCanonical(path: string | null, doc: Document = document): void {
  let link = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"]');
  if (path === null) {
    link?.remove();
    return;
  }
  if (!link) {
    link = doc.createElement('link');
    link.rel = 'canonical';
    doc.head.appendChild(link);
  }
  link.href = new URL(path, doc.location.origin).href;
}
