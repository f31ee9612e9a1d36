/**
 * The slug of a product in the storefront's address of its diagnosis
 * (/diag/{productId}/{slug}): its label in lower case ASCII words
 * ("apple-iphone-15-128-go"), "product" when nothing is left. The storefront
 * builds its links and canonical address with it, the sitemap its entries.
 */
export function productSlug(label: string): string {
  return (
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'product'
  );
}
