import { Badge, Link, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, matchPath, useLocation } from 'react-router';
import { useCartStore } from '../../../shared/buyback-path/cart-store';
import { paths } from '../../app/paths';
import { useWhiteLabel } from '../../lib/white-label';

/** The cart restored at start-up, shown while it holds something (hidden on the confirmation and a kept cart's checkout, as the specification asks). */
export function CartLink() {
  const { t } = useTranslation('app');
  const { accountId } = useWhiteLabel();
  const { cart } = useCartStore('storefront', accountId);
  const { pathname } = useLocation();
  const count = cart.items.length;
  if (count === 0 || matchPath(paths.buybackConfirmation.pattern, pathname) || matchPath(paths.cartCheckout.pattern, pathname)) return null;
  return (
    <Link asChild color="fg" fontWeight="medium" px={2} py={1} data-testid="cart-link">
      <RouterLink to={paths.cartSummary.to()}>
        {t('header.cart')}
        <Badge colorPalette="brand" variant="solid" aria-hidden>
          {count}
        </Badge>
        <VisuallyHidden>{t('header.cartCount', { count })}</VisuallyHidden>
      </RouterLink>
    </Link>
  );
}
