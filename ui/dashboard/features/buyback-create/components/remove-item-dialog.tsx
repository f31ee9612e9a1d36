import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import type { CartItem } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { paths } from '../../../app/paths';

/**
 * Removing a device from the cart, asked first (specification 000 §4): the
 * last one says so, resets the cart (the customer's details too) and goes
 * home, where nothing is left to warn about.
 */
export function RemoveItemDialog({ item, onClose }: { item: CartItem | null; onClose(): void }) {
  const { t } = useTranslation('buyback-create');
  const { store, cart } = useCart();
  const navigate = useNavigate();
  const last = cart.items.length === 1;

  const remove = () => {
    if (!item) return;
    store.removeItem(item.inCartId);
    onClose();
    if (last) navigate(paths.home);
  };

  return (
    <AlertDialog
      open={item !== null}
      onDismiss={onClose}
      title={t('cart.remove.title')}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t('cart.remove.keep')}
          </Button>
          <Button colorPalette="red" onClick={remove}>
            {t('cart.remove.confirm')}
          </Button>
        </>
      }
    >
      <Text>{last ? t('cart.remove.last') : t('cart.remove.one', { product: item?.declaration.product.label ?? '' })}</Text>
    </AlertDialog>
  );
}
