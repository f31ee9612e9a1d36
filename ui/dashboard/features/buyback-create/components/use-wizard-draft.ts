import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { type CartDraft } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';

/**
 * The declaration being made. Once it is in the cart (after the price), going
 * back to the options or the questions reopens it as the change of that item:
 * the one the `item` parameter names (a cart's summary), else the last one.
 */
export function useWizardDraft(): CartDraft | null {
  const { store, cart } = useCart();
  const [params] = useSearchParams();
  const named = params.get('item');
  const item = (named ? cart.items.find((i) => i.inCartId === named) : undefined) ?? cart.items[cart.items.length - 1];
  useEffect(() => {
    if (!cart.draft && item) store.startDraft(item.declaration.productId, item.inCartId);
  }, [store, cart.draft, item]);
  return cart.draft;
}
