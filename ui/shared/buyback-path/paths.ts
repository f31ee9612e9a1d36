/** The slug of a product in the tunnel's URL, as the sitemap writes it (the server's, one definition). */
import { productSlug } from '@server/domain/catalog/product-slug.js';

export { productSlug };

/** The storefront tunnel of a product: /diag/{productId}/{slug}, or the edit of a cart item. */
export function tunnelPath(product: { id: string; label: string }, inCartId?: string): string {
  const base = `/diag/${encodeURIComponent(product.id)}/${productSlug(product.label) || 'product'}`;
  return inCartId ? `${base}/${encodeURIComponent(inCartId)}` : base;
}
