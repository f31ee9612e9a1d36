import { productSlug } from '../../../shared/buyback-path/paths';

/** The tunnel's paths; the pages it leads to outside itself are the storefront's (search, estimate error, terms). */
export const tunnelPaths = {
  diagnostic: {
    pattern: '/diag/:productId?/:slug?/:itemId?/:predeclaredBuybackId?',
    /** A product's diagnostic; with `itemId`, the change of that cart item; `step` opens a given screen. */
    to: (product: { id: string; label: string }, options: { itemId?: string; step?: string } = {}) =>
      `/diag/${encodeURIComponent(product.id)}/${productSlug(product.label) || 'product'}${options.itemId ? `/${encodeURIComponent(options.itemId)}` : ''}${
        options.step ? `?step=${encodeURIComponent(options.step)}` : ''
      }`,
  },
  customerInfos: { pattern: '/cart/customer-infos', to: () => '/cart/customer-infos' },
  summary: { pattern: '/cart/summary', to: () => '/cart/summary' },
  confirmation: {
    pattern: '/buyback-confirmation',
    to: (ids: readonly string[]) => `/buyback-confirmation?${new URLSearchParams({ ids: ids.join(',') })}`,
    /** The buybacks an address names (`?ids=a,b`; also the documents page's). */
    ids: (params: URLSearchParams): string[] => (params.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean),
  },
  search: '/search',
  home: '/',
  estimateError: '/estimate-error',
  termsOfService: '/cgs',
} as const;
