import { useAppEnvironment } from '../app-environment';
import { useCartStore, type Cart, type CartStore } from './cart-store';

/** The cart of the running app and tenant (read from the app environment), re-rendering on every change. */
export function useCart(): { store: CartStore; cart: Cart } {
  const { app, accountId } = useAppEnvironment();
  return useCartStore(app, accountId);
}
