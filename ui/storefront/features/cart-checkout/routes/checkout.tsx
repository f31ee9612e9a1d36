import { Alert, Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import type { CartView } from '@server/application/buybacks/buyback-views';
import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { ApiError, type FieldProblem } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { cartTotal, EMPTY_CUSTOMER, type CustomerDraft } from '../../../../shared/buyback-path/cart-store';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ConfirmationCodes, type ConfirmedBuyback } from '../../../../shared/buyback-path/components/confirmation-codes';
import { CustomerForm } from '../../../../shared/buyback-path/customer/customer-form';
import { toCustomerPayload } from '../../../../shared/buyback-path/customer/customer-rules';
import { customerRulesFor } from '../../../../shared/buyback-path/submit-cart';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { BuybackCode } from '../../../../shared/buyback-path/components/buyback-code';
import { formatMoney } from '../../../../shared/format/format';
import { Loading } from '../../../components/loading';
import { PageBody } from '../../../components/page-body';
import { PageHeader, PAGE_TITLE_ID } from '../../../components/page-header';
import { ServerErrorModal } from '../../../components/server-error-modal';
import { isUnknownCart } from '../../../lib/api-errors';
import { ConfirmationLinks, RegisteredBuybacks } from '../../tunnel/components/registered-buybacks';
import { useCheckOutCart } from '../api/check-out-cart';
import { useBuybackSettings } from '../api/get-buyback-settings';
import { useKeptCart } from '../api/get-cart';
import { CartDevices } from '../components/cart-devices';
import { cartCheckoutPaths } from '../paths';
import { declarationOf, sameDeclarations } from '../resumed-cart';
import { useResumedDevices, type ResumedDevice } from '../use-resumed-devices';

/** /cart/{cartId}/checkout: a kept cart, its checkout, or its buybacks once checked out (a reload or another tab shows them again). */
export function Component() {
  const { cartId = '' } = useParams();
  return <CartCheckout key={cartId} cartId={cartId} />;
}

function Page({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} crumbs={[]} page="cartCheckout" />
      <PageBody narrow>{children}</PageBody>
    </>
  );
}

function CartCheckout({ cartId }: { cartId: string }) {
  const { t } = useTranslation('cart-checkout');
  const cart = useKeptCart(cartId);

  if (isUnknownCart(cart.error)) {
    return (
      <Page title={t('notFound.title')}>
        <Alert.Root status="warning" data-testid="cart-not-found">
          <Alert.Indicator />
          <Alert.Description>{t('notFound.text')}</Alert.Description>
        </Alert.Root>
        <Button asChild colorPalette="brand" alignSelf="start">
          <RouterLink to={cartCheckoutPaths.search}>{t('notFound.search')}</RouterLink>
        </Button>
      </Page>
    );
  }
  if (cart.error) {
    return (
      <Page title={t('title')}>
        {/* A kept cart the server cannot read now: the visitor came by a link, home is where to go on from. */}
        <ServerErrorModal error={cart.error} reloadPage={false} goHome />
        <ApiErrorAlert error={cart.error} hint={t('loadFailed')} onRetry={() => void cart.refetch()} />
      </Page>
    );
  }
  if (!cart.data) {
    return (
      <Page title={t('title')}>
        <Loading />
      </Page>
    );
  }
  if (cart.data.buybacks) return <CheckedOut cart={cart.data} buybacks={cart.data.buybacks} />;
  return <Checkout cart={cart.data} />;
}

/** The devices, the total, then the customer's details and the terms; confirming checks the cart out. */
function Checkout({ cart }: { cart: CartView }) {
  const { t, i18n } = useTranslation(['cart-checkout', 'tunnel']);
  const { currency } = useAppEnvironment();
  const settings = useBuybackSettings();
  const { devices, retry } = useResumedDevices(cart.items);
  const local = useCart();
  const checkout = useCheckOutCart(cart.cartId);
  const [draft, setDraft] = useState<CustomerDraft>(EMPTY_CUSTOMER);
  // The API's field errors are the form's initial ones: a refusal mounts it again with them, and the details typed.
  const [refusedFields, setRefusedFields] = useState<{ round: number; problems: FieldProblem[] }>({ round: 0, problems: [] });
  const problem = useRef<HTMLDivElement>(null);

  const items = devices.flatMap((device) => (device.status === 'ready' ? [device.item] : []));
  const ready = items.length === devices.length;
  const unavailable = devices.some((device) => device.status === 'unavailable');
  const total = ready ? cartTotal(items, currency) : null;
  const rules = settings.data
    ? customerRulesFor(items, {
        customerIdentityDocumentRequired: settings.data.customer_identity_document_required,
        customerIdCollectionEnabled: settings.data.customer_id_collection_enabled,
      })
    : null;
  const missing = settings.data && total ? settings.data.cart_min_value - total.amountInCents : 0;

  const submit = (customer: CustomerDraft) => {
    if (!rules || checkout.isPending) return;
    setDraft(customer);
    // Awaited rather than given callbacks: once checked out, this form gives way to the confirmation before they would run.
    checkout.mutateAsync(toCustomerPayload(customer, rules)).then(
      () => {
        // The same devices still in this browser's cart were just registered: the cart is emptied, so they are not registered twice.
        if (local.cart.items.length > 0 && sameDeclarations(local.cart.items.map(declarationOf), cart.items)) local.store.reset();
        // The page is now the confirmation: its new title takes the focus, as after a navigation.
        requestAnimationFrame(() => document.getElementById(PAGE_TITLE_ID)?.focus());
      },
      (error: unknown) => {
        const fields = error instanceof ApiError ? error.fields.filter((field) => field.field.startsWith('customer')) : [];
        if (fields.length > 0) setRefusedFields(({ round }) => ({ round: round + 1, problems: fields }));
        requestAnimationFrame(() => problem.current?.focus());
      },
    );
  };

  const refused = checkout.error instanceof ApiError && checkout.error.status >= 400 && checkout.error.status < 500;

  return (
    <Page title={t('title')}>
      <Text>{t('intro')}</Text>
      <CartDevices devices={devices} total={total} onRetry={retry} />

      {unavailable ? (
        <Stack gap={4} align="start">
          <Alert.Root status="warning" data-testid="cart-blocked">
            <Alert.Indicator />
            <Alert.Description>{t('devices.blocked')}</Alert.Description>
          </Alert.Root>
          <Button asChild colorPalette="brand">
            <RouterLink to={cartCheckoutPaths.search}>{t('checkout.startAgain')}</RouterLink>
          </Button>
        </Stack>
      ) : settings.error ? (
        <ApiErrorAlert error={settings.error} onRetry={() => void settings.refetch()} />
      ) : !ready || !rules ? null : missing > 0 ? (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Description>{t('tunnel:summary.minimum', { missing: formatMoney({ amountInCents: missing, currency: total?.currency ?? currency }, i18n.language) })}</Alert.Description>
        </Alert.Root>
      ) : (
        <Box as="section" aria-labelledby="checkout-customer">
          <Stack gap={6}>
            <Stack gap={2}>
              <Heading as="h2" size="lg" id="checkout-customer">
                {t('customer.title')}
              </Heading>
              <Text color="fg.muted">{t('customer.again')}</Text>
            </Stack>
            <ServerErrorModal error={checkout.error} reloadPage={false} />
            {checkout.error !== null && (
              <Box ref={problem} tabIndex={-1} outline="none" data-testid="checkout-error">
                <ApiErrorAlert error={checkout.error} hint={refused ? t('checkout.refused') : t('checkout.failed')} />
              </Box>
            )}
            <CustomerForm
              key={refusedFields.round}
              initial={draft}
              rules={rules}
              serverProblems={refusedFields.problems}
              termsHref={cartCheckoutPaths.termsOfService}
              termsWording="visitor"
              submitLabel={t('checkout.confirm', { count: items.length })}
              submitting={checkout.isPending}
              onChange={setDraft}
              onSubmit={submit}
            />
            <Text fontSize="sm" color="fg.muted">
              {t('tunnel:summary.afterConfirm')}
            </Text>
          </Stack>
        </Box>
      )}
    </Page>
  );
}

/** A checked-out cart: the confirmation with each buybacks's code, in the cart's order. */
function CheckedOut({ cart, buybacks }: { cart: CartView; buybacks: NonNullable<CartView['buybacks']> }) {
  const { t } = useTranslation(['tunnel', 'cart-checkout']);
  const { devices } = useResumedDevices(cart.items);
  const loading = devices.some((device) => device.status === 'loading');
  const confirmed = confirmationsOf(buybacks, devices);

  return (
    <Page title={t('tunnel:confirmation.title', { count: buybacks.length })}>
      {loading ? (
        <Loading />
      ) : (
        <RegisteredBuybacks count={buybacks.length}>
          {confirmed ? <ConfirmationCodes buybacks={confirmed} /> : <CodesOnly buybacks={buybacks} devices={devices} />}
        </RegisteredBuybacks>
      )}
      <ConfirmationLinks />
    </Page>
  );
}

/** Each registered buyback with what the catalogue says today of its device; null while one cannot be told. */
function confirmationsOf(buybacks: NonNullable<CartView['buybacks']>, devices: readonly ResumedDevice[]): ConfirmedBuyback[] | null {
  const confirmed = buybacks.map((buyback, index) => {
    const device = devices[index];
    if (device?.status !== 'ready') return null;
    const { item } = device;
    return {
      id: buyback.id,
      identificationNumber: buyback.identificationNumber,
      productLabel: item.declaration.product.label,
      price: item.estimatedPrice,
      shippingMethod: { label: item.shippingMethod.label, description: item.shippingMethod.description },
      paymentMode: { label: item.paymentMode.label },
      documentsToken: buyback.documentsToken,
    };
  });
  return confirmed.every((buyback) => buyback !== null) ? (confirmed as ConfirmedBuyback[]) : null;
}

/** The codes alone, when a device's details can no longer be read (its product left the catalogue since). */
function CodesOnly({ buybacks, devices }: { buybacks: NonNullable<CartView['buybacks']>; devices: readonly ResumedDevice[] }) {
  const { t } = useTranslation(['buyback-path', 'cart-checkout']);
  return (
    <Stack as="ul" gap={4} listStyleType="none" m={0} p={0}>
      {buybacks.map((buyback, index) => {
        const device = devices[index];
        const label = device?.status === 'ready' ? device.item.declaration.product.label : (device?.product?.label ?? t('cart-checkout:devices.position', { position: index + 1 }));
        return (
          <Box as="li" key={buyback.id} borderWidth="1px" borderRadius="l3" p={{ base: 4, md: 6 }}>
            <Stack gap={2}>
              <Heading as="h2" size="md">
                {label}
              </Heading>
              <BuybackCode id={buyback.id} code={buyback.identificationNumber} label={t('confirmation.code')} />
            </Stack>
          </Box>
        );
      })}
    </Stack>
  );
}
