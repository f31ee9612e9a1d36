import { Alert, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import type { GoTo } from '../wizard';

/**
 * On the search, while the customer's cart holds devices: the next product
 * found joins them; the cart is seen again on its summary, or emptied (the
 * specification's reset, asked first) to start over for another customer.
 */
export function CartNotice({ goTo, canAdd }: { goTo: GoTo; canAdd: boolean }) {
  const { t } = useTranslation('buyback-create');
  const { store, cart } = useCart();
  const [confirming, setConfirming] = useState(false);
  const count = cart.items.length;
  return (
    <Alert.Root status={canAdd ? 'info' : 'warning'} data-testid="cart-notice">
      <Alert.Indicator />
      <Alert.Content gap={2}>
        <Alert.Description>{canAdd ? t('cart.holds', { count }) : t('cart.fullHolds', { count })}</Alert.Description>
        <HStack gap={2} flexWrap="wrap">
          <Button size="sm" variant="outline" onClick={() => goTo('summary')}>
            {t('cart.see', { count })}
          </Button>
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)}>
            {t('cart.reset')}
          </Button>
        </HStack>
      </Alert.Content>
      <AlertDialog
        open={confirming}
        onDismiss={() => setConfirming(false)}
        title={t('cart.resetTitle')}
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {t('cart.keep')}
            </Button>
            <Button
              colorPalette="red"
              onClick={() => {
                store.reset();
                setConfirming(false);
              }}
            >
              {t('cart.resetConfirm')}
            </Button>
          </>
        }
      >
        <Text>{t('cart.resetText', { count })}</Text>
      </AlertDialog>
    </Alert.Root>
  );
}
