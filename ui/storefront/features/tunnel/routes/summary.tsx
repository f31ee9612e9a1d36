import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { AlertDialog } from '../../../../shared/components/alert-dialog';
import { canAddAnother, cartTotal, maxCartItems, type CartItem } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { BuybackSummary } from '../../../../shared/buyback-path/components/buyback-summary';
import { checkCustomer } from '../../../../shared/buyback-path/customer/customer-rules';
import { customerRulesFor, useSubmitCart } from '../../../../shared/buyback-path/submit-cart';
import { formatMoney } from '../../../../shared/format/format';
import { PageBody } from '../../../components/page-body';
import { PageHeader } from '../../../components/page-header';
import { ServerErrorModal } from '../../../components/server-error-modal';
import { ContinueLater } from '../../cart-checkout/components/continue-later';
import { rememberConfirmation } from '../confirmation-storage';
import { EmptyCart } from '../components/empty-cart';
import { TunnelLeaveWarning } from '../components/tunnel-leave-warning';
import { TunnelProgress } from '../components/tunnel-progress';
import { tunnelPaths } from '../paths';

/** /cart/summary: what will be registered; confirming creates the buyback(s) and opens the confirmation. */
export function Component() {
  const { t, i18n } = useTranslation(['tunnel', 'buyback-path']);
  const { settings, currency } = useAppEnvironment();
  const { store, cart } = useCart();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const submission = useSubmitCart(store);
  const [removing, setRemoving] = useState<CartItem | null>(null);
  const [created, setCreated] = useState<string[]>([]);
  const customer = store.customer();
  const rules = useMemo(() => customerRulesFor(cart.items, settings), [cart.items, settings]);

  if (cart.items.length === 0 && created.length === 0) {
    return (
      <>
        <PageHeader title={t('summary.title')} />
        <PageBody narrow>
          <EmptyCart />
        </PageBody>
      </>
    );
  }
  if (cart.items.length > 0 && (!customer || Object.keys(checkCustomer(customer, rules)).length > 0)) {
    return <Navigate to={tunnelPaths.customerInfos.to()} replace />;
  }

  const total = cartTotal(cart.items, currency);
  const missing = settings.cartMinValueInCents - total.amountInCents;
  const canAdd = canAddAnother(cart.items.length, maxCartItems(settings.enabledPremiumFeatures));

  const confirm = async () => {
    if (!customer) return;
    const ids = [...created];
    const done = await submission.submit(customer, rules, (buyback) => {
      rememberConfirmation(buyback);
      ids.push(buyback.id);
      setCreated([...ids]);
    });
    if (done) {
      navigate(tunnelPaths.confirmation.to(ids));
      return;
    }
  };

  const error = submission.error;
  const fieldProblems = error instanceof ApiError ? error.fields.filter((f) => f.field.startsWith('customer')) : [];
  if (fieldProblems.length > 0) {
    return <Navigate to={tunnelPaths.customerInfos.to()} replace state={{ fieldProblems }} />;
  }

  const remove = () => {
    if (!removing) return;
    const last = cart.items.length === 1;
    store.removeItem(removing.inCartId);
    setRemoving(null);
    if (last && pathname !== tunnelPaths.home) navigate(tunnelPaths.home);
  };

  return (
    <>
      <TunnelLeaveWarning />
      {/* The cart is kept on a server failure: the modal says so, in place of the generic words. */}
      <ServerErrorModal error={error} reloadPage={false} message={t('summary.serverFailed')} hideGenericMessage />
      <PageHeader title={t('summary.title')} crumbs={[{ label: t('diagnostic.search'), to: tunnelPaths.search }]} />
      <PageBody narrow>
        <Stack gap={8}>
          <TunnelProgress current="summary" />
          <BuybackSummary
            items={cart.items}
            customer={customer}
            rules={rules}
            currency={currency}
            customerHeading={t('buyback-path:summary.customer.visitor')}
            itemActions={(item) => (
              <>
                <Button asChild size="sm" variant="outline">
                  <RouterLink to={tunnelPaths.diagnostic.to({ id: item.declaration.productId, label: item.declaration.product.label }, { itemId: item.inCartId })}>
                    {t('summary.changeItem', { product: item.declaration.product.label })}
                  </RouterLink>
                </Button>
                <Button size="sm" variant="outline" colorPalette="red" onClick={() => setRemoving(item)}>
                  {t('summary.removeItem', { product: item.declaration.product.label })}
                </Button>
              </>
            )}
            customerAction={
              <Button asChild size="sm" variant="outline">
                <RouterLink to={tunnelPaths.customerInfos.to()}>{t('summary.changeCustomer')}</RouterLink>
              </Button>
            }
          />
          {missing > 0 && (
            <Alert.Root status="warning">
              <Alert.Indicator />
              <Alert.Description>
                {t('summary.minimum', { missing: formatMoney({ amountInCents: missing, currency: total.currency }, i18n.language) })}
              </Alert.Description>
            </Alert.Root>
          )}
          {error !== null && <ApiErrorAlert error={error} hint={t('summary.createFailed')} />}
          <HStack justify="space-between" gap={3} flexWrap="wrap-reverse">
            {canAdd ? (
              <Button asChild variant="outline">
                <RouterLink to={tunnelPaths.search}>{t('summary.addAnother')}</RouterLink>
              </Button>
            ) : (
              <span />
            )}
            <Button colorPalette="brand" size="lg" onClick={confirm} loading={submission.pending} disabled={missing > 0}>
              {t('summary.confirm')}
            </Button>
          </HStack>
          <Text fontSize="sm" color="fg.muted">
            {t('summary.afterConfirm')}
          </Text>
          {cart.items.length > 0 && <ContinueLater items={cart.items} />}
        </Stack>
      </PageBody>
      <AlertDialog
        open={removing !== null}
        onDismiss={() => setRemoving(null)}
        title={t('summary.remove.title')}
        footer={
          <>
            <Button variant="outline" onClick={() => setRemoving(null)}>
              {t('summary.remove.keep')}
            </Button>
            <Button colorPalette="red" onClick={remove}>
              {t('summary.remove.confirm')}
            </Button>
          </>
        }
      >
        <Text>{cart.items.length === 1 ? t('summary.remove.last') : t('summary.remove.one', { product: removing?.declaration.product.label ?? '' })}</Text>
      </AlertDialog>
    </>
  );
}
