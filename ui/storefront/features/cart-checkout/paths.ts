import { paths } from '../../app/paths';

/** The checkout of a cart kept on the server (specification 000, section 2: `cart/{cartId}/checkout`), and where it leads. */
export const cartCheckoutPaths = {
  checkout: paths.cartCheckout,
  search: paths.search.to(),
  home: paths.home.to(),
  termsOfService: paths.termsOfService.to(),
};
