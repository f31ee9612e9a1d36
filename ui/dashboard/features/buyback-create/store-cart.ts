import { useAppEnvironment } from '../../../shared/app-environment';
import { canAddAnother, MULTI_PRODUCT_CART_FEATURE } from '../../../shared/buyback-path/cart-store';
import { useCart } from '../../../shared/buyback-path/use-cart';
import { useCartSettings } from './api/get-cart-settings';

export interface StoreCart {
  /** The store shows the cart to this seller (its "show cart" flag, a store seller or manager). */
  shown: boolean;
  /** The retailer has the multi-product cart (else the cart holds one device, with the premium badge). */
  premium: boolean;
  /** The most devices it takes: 200 with the premium feature and the flag, else 1. */
  maximum: number;
  /** Another device fits (the specification's rule: count + 1 below the maximum). */
  canAdd: boolean;
}

/**
 * The dashboard's cart for the seller's store (issue 24): the same cart as
 * the storefront's (ui/shared/buyback-path/cart-store.ts, kept one day in
 * the dashboard), holding several devices only when the store shows it.
 * While the settings load, and without the flag, the wizard holds one device.
 */
export function useStoreCart(): StoreCart {
  const { settings: environment } = useAppEnvironment();
  const settings = useCartSettings();
  const { cart } = useCart();
  const shown = settings.data?.cart_shown ?? false;
  const premium = environment.enabledPremiumFeatures.includes(MULTI_PRODUCT_CART_FEATURE);
  const maximum = shown ? (settings.data?.cart_max_items ?? 1) : 1;
  return { shown, premium, maximum, canAdd: shown && canAddAnother(cart.items.length, maximum) };
}
