/** The slug of a product in the tunnel's URL: its label in lower case ASCII words ("apple-iphone-15-128-go"). */
export function productSlug(label: string): string {
  return label
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The storefront tunnel of a product: /diag/{productId}/{slug}, or the edit of a cart item. */
export function tunnelPath(product: { id: string; label: string }, inCartId?: string): string {
  const base = `/diag/${encodeURIComponent(product.id)}/${productSlug(product.label) || 'product'}`;
  return inCartId ? `${base}/${encodeURIComponent(inCartId)}` : base;
}
