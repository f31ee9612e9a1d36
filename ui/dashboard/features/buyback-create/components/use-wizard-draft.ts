import { useEffect } from 'react';
import { type CartDraft } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';

/**
 * The declaration being made. Once it is in the cart (after the price), going
 * back to the options or the questions reopens it as the change of that item.
 */
export function useWizardDraft(): CartDraft | null {
  const { store, cart } = useCart();
  const item = cart.items[0];
  useEffect(() => {
    if (!cart.draft && item) store.startDraft(item.declaration.productId, item.inCartId);
  }, [store, cart.draft, item]);
  return cart.draft;
}
