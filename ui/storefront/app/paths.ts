/**
 * Every storefront path in one place (the tunnel's own paths live in
 * features/tunnel). `pattern` is what the router matches, `to()` builds a link.
 */
export const paths = {
  home: { pattern: '/', to: () => '/' },
  search: { pattern: '/search', to: () => '/search' },
  results: {
    pattern: '/results',
    to: (search: string, page = 1) => `/results?${new URLSearchParams({ q: search, ...(page > 1 ? { page: String(page) } : {}) })}`,
  },
  categories: { pattern: '/categories', to: () => '/categories' },
  category: {
    pattern: '/category/:id/:slug',
    to: (id: string, slug: string, page = 1) => `/category/${id}/${slug}${page > 1 ? `?page=${page}` : ''}`,
  },
  /** The tunnel's entry for one product (owned by features/tunnel). */
  diagnostic: { pattern: '/diag/*', to: (productId: string, slug: string) => `/diag/${productId}/${slug}` },
  /** The tunnel's cart summary and confirmation (owned by features/tunnel). */
  cartSummary: { pattern: '/cart/summary', to: () => '/cart/summary' },
  buybackConfirmation: { pattern: '/buyback-confirmation', to: () => '/buyback-confirmation' },
  /** The checkout of a cart kept on the server (owned by features/cart-checkout). */
  cartCheckout: { pattern: '/cart/:cartId/checkout', to: (cartId: string) => `/cart/${encodeURIComponent(cartId)}/checkout` },
  buybackConfirmationDocs: { pattern: '/buyback-confirmation-docs', to: () => '/buyback-confirmation-docs' },
  /** The customer's tracking page, opened from the confirmation e-mail (owned by features/tracking). */
  tracking: { pattern: '/tracking', to: (id: string, token: string) => `/tracking?${new URLSearchParams({ id, token })}` },
  priceProposalAccept: { pattern: '/buyback/:id/accept', to: (id: string, token: string) => `/buyback/${id}/accept?token=${encodeURIComponent(token)}` },
  priceProposalReject: { pattern: '/buyback/:id/reject', to: (id: string, token: string) => `/buyback/${id}/reject?token=${encodeURIComponent(token)}` },
  /** The dashboard's creation path has no page here: the specification sends it to the search. */
  createBuyback: { pattern: '/buyback/create', to: () => '/buyback/create' },
  stores: { pattern: '/stores', to: () => '/stores' },
  estimateError: { pattern: '/estimate-error', to: () => '/estimate-error' },
  termsOfUse: { pattern: '/cgu', to: () => '/cgu' },
  termsOfService: { pattern: '/cgs', to: () => '/cgs' },
  faq: { pattern: '/faq', to: () => '/faq' },
  cookiesPolicy: { pattern: '/cookies-policy', to: () => '/cookies-policy' },
  cookiesPolicyDocument: { pattern: '/cookies-policy-document', to: () => '/cookies-policy-document' },
  accessibilityStatement: { pattern: '/accessibility-statement', to: () => '/accessibility-statement' },
  notAvailable: { pattern: '/not-available', to: () => '/not-available' },
  notFound: { pattern: '/404', to: () => '/404' },
} as const;

/** The pages that carry the back-to-client-website link when the retailer configured one (specification 000, section 2). */
export const PAGES_WITH_BACK_LINK = [
  paths.home.pattern,
  paths.search.pattern,
  paths.results.pattern,
  paths.category.pattern,
  paths.buybackConfirmation.pattern,
  paths.buybackConfirmationDocs.pattern,
  paths.stores.pattern,
  paths.cookiesPolicy.pattern,
  paths.cookiesPolicyDocument.pattern,
];

/** "Apple iPhone 15 128 Go" → "apple-iphone-15-128-go": readable links; the id is what counts. */
export function slugify(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'item'
  );
}

/**
 * The route handle of a page the server renders (app/server.tsx): one that
 * renders from its address and the API alone, the same on the server as in
 * the browser. Pages made of the visitor's own data (the cart, the tunnel's
 * later steps, a confirmation) are left to the browser.
 */
export const SERVER_RENDERED = { serverRendered: true } as const;

/**
 * The confirmation's handle: rendered on the server only from the visitor's own
 * confirmations cookie (features/tunnel/confirmation-cookie.ts), when it holds
 * every buyback the address names; such a page is rendered for that visitor
 * alone, never kept (infrastructure/http/storefront-render.ts).
 */
export const RENDERED_FROM_CONFIRMATIONS = { serverRendered: 'confirmations' } as const;

export function rendersFromConfirmations(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { serverRendered?: unknown }).serverRendered === 'confirmations';
}

export function serverRendered(handle: unknown): boolean {
  return typeof handle === 'object' && handle !== null && (handle as { serverRendered?: unknown }).serverRendered === true;
}
