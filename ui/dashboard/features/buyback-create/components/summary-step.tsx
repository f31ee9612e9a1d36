import { Alert, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { BuybackSummary } from '../../../../shared/buyback-path/components/buyback-summary';
import { customerRulesFor, useSubmitCart } from '../../../../shared/buyback-path/submit-cart';
import { cartTotal, MULTI_PRODUCT_CART_FEATURE, type CartItem } from '../../../../shared/buyback-path/cart-store';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { formatMoney } from '../../../../shared/format/format';
import { useStoreCart } from '../store-cart';
import type { ServerErrorOptions } from '../../../lib/query-client';
import type { StepProps } from '../wizard';
import { RemoveItemDialog } from './remove-item-dialog';

/** Step 5: everything that will be registered; the create refreshes the buyback lists and opens the confirmation. */
export function SummaryStep({ goTo, headingRef }: StepProps) {
  const { t, i18n } = useTranslation(['buyback-create', 'buyback-path']);
  const { settings, currency } = useAppEnvironment();
  const { store, cart } = useCart();
  const storeCart = useStoreCart();
  const [removing, setRemoving] = useState<CartItem | null>(null);
  // A server failure: its modal sends the seller to the list, where a registration that went through despite it shows (the cart is kept).
  const submission = useSubmitCart(store, { serverError: { redirectToRoute: 'buybacks', message: t('summary.serverFailed'), hideGenericMessage: true } satisfies ServerErrorOptions });
  const customer = store.customer();
  const rules = useMemo(() => customerRulesFor(cart.items, settings), [cart.items, settings]);

  const create = async () => {
    if (!customer) return;
    const created: string[] = [];
    const done = await submission.submit(customer, rules, (buyback) => created.push(buyback.id));
    if (done) goTo('confirmation', { ids: created.join(',') });
  };

  const error = submission.error;
  const fieldProblems = error instanceof ApiError ? error.fields : [];
  const customerProblems = fieldProblems.filter((problem) => problem.field.startsWith('customer'));
  const total = cartTotal(cart.items, currency);
  // A store's cart follows the retailer's minimum value (the checkout refuses less).
  const missing = storeCart.shown ? settings.cartMinValueInCents - total.amountInCents : 0;
  /** Changing an item of the cart reopens its declaration (the `item` parameter names it). */
  const change = (item: CartItem, step: 'options' | 'declaration') => {
    store.startDraft(item.declaration.productId, item.inCartId);
    goTo(step, step === 'declaration' ? { q: '1', item: item.inCartId } : { item: item.inCartId });
  };

  return (
    <Stack gap={6}>
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {t('summary.title')}
      </Heading>
      <BuybackSummary
        items={cart.items}
        customer={customer}
        rules={rules}
        currency={currency}
        customerHeading={t('buyback-path:summary.customer.seller')}
        itemActions={(item) => (
          <>
            <Button size="sm" variant="outline" onClick={() => change(item, 'options')}>
              {t('summary.changeOptions')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => change(item, 'declaration')}>
              {t('summary.changeAnswers')}
            </Button>
            {storeCart.shown && (
              <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRemoving(item)}>
                {t('cart.removeItem', { product: item.declaration.product.label })}
              </Button>
            )}
          </>
        )}
        customerAction={
          <Button size="sm" variant="outline" onClick={() => goTo('customer')}>
            {t('summary.changeCustomer')}
          </Button>
        }
      />
      {missing > 0 && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('cart.minimum', { missing: formatMoney({ amountInCents: missing, currency: total.currency }, i18n.language) })}</Alert.Description>
        </Alert.Root>
      )}
      {error !== null &&
        (customerProblems.length > 0 ? (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Content>
              <Alert.Description>{t('summary.customerRefused')}</Alert.Description>
              <Button size="sm" variant="outline" alignSelf="start" mt={2} onClick={() => goTo('customer', {}, { fieldProblems: customerProblems })}>
                {t('summary.fixCustomer')}
              </Button>
            </Alert.Content>
          </Alert.Root>
        ) : (
          <ApiErrorAlert error={error} hint={error instanceof ApiError && error.isServerError ? t('summary.tellAdministrator') : undefined} />
        ))}
      <HStack justify="space-between" gap={3}>
        <HStack gap={3} flexWrap="wrap">
          <Button variant="outline" onClick={() => goTo('customer')}>
            {t('buyback-path:actions.previous')}
          </Button>
          {storeCart.shown && storeCart.canAdd && (
            <Button variant="outline" onClick={() => goTo('search')}>
              {t('cart.addAnother')}
            </Button>
          )}
          {/* The store shows the cart, the retailer lacks the multi-product cart: offered, not given, its badge says why. */}
          {storeCart.shown && !storeCart.premium && (
            <Button variant="outline" disabled>
              {t('cart.addAnother')} <PremiumBadge feature={MULTI_PRODUCT_CART_FEATURE} />
            </Button>
          )}
        </HStack>
        <Button colorPalette="brand" size="lg" onClick={create} loading={submission.pending} disabled={missing > 0}>
          {t('summary.createCount', { count: cart.items.length })}
        </Button>
      </HStack>
      <RemoveItemDialog item={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
