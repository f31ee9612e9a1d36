import type { ProductView } from '@server/application/catalog/catalog-views';
import { useQueries } from '@tanstack/react-query';
import { estimateQueryOptions } from '../../../shared/buyback-path/api/estimate-price';
import { buybackOptionsQueryOptions } from '../../../shared/buyback-path/api/get-buyback-options';
import { isClientError, productQueryOptions } from '../../../shared/buyback-path/api/get-product';
import { useAppEnvironment } from '../../../shared/app-environment';
import type { CartItem } from '../../../shared/buyback-path/cart-store';
import { resumedItem, type KeptDeclaration } from './resumed-cart';

/** What the page can say of one device of a kept cart. */
export type ResumedDevice =
  | { status: 'loading'; product: ProductView | null }
  | { status: 'ready'; item: CartItem }
  /** The catalogue refused it (gone, unpublished, no estimate), or its options are no longer offered (error null): the checkout would be refused. */
  | { status: 'unavailable'; product: ProductView | null; error: unknown }
  /** No answer (network, server): asking again may do. */
  | { status: 'failed'; product: ProductView | null; error: unknown };

/**
 * Each device of the kept cart as the catalogue gives it today: its product
 * (GET /products/{id}), its estimate for the kept answers (POST /estimates)
 * and its options' names (GET /products/{id}/buyback-options?channel=web),
 * each query shared with the tunnel's cache.
 */
export function useResumedDevices(declarations: readonly KeptDeclaration[]): { devices: ResumedDevice[]; retry(): void } {
  const { api, channel } = useAppEnvironment();
  const products = useQueries({ queries: declarations.map((d) => productQueryOptions(api, d.productId)) });
  const estimates = useQueries({ queries: declarations.map((d) => estimateQueryOptions(api, d.productId, d.responses)) });
  const options = useQueries({ queries: declarations.map((d) => buybackOptionsQueryOptions(api, d.productId, channel)) });

  const devices = declarations.map((declaration, index): ResumedDevice => {
    const results = [products[index], estimates[index], options[index]];
    const product = products[index]?.data ?? null;
    const error = results.find((result) => result?.error)?.error;
    if (error) return isClientError(error) ? { status: 'unavailable', product, error } : { status: 'failed', product, error };
    const estimate = estimates[index]?.data;
    const offered = options[index]?.data;
    if (!product || !estimate || !offered) return { status: 'loading', product };
    const item = resumedItem(declaration, index, { product, estimate, options: offered });
    return item ? { status: 'ready', item } : { status: 'unavailable', product, error: null };
  });

  const failed = [...products, ...estimates, ...options].filter((result) => result.isError);
  const retry = () => failed.forEach((result) => void result.refetch());
  return { devices, retry };
}
