import { Button, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { FieldProblem } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { EMPTY_CUSTOMER } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { CustomerForm } from '../../../../shared/buyback-path/customer/customer-form';
import { customerRulesFor } from '../../../../shared/buyback-path/submit-cart';
import { PageBody } from '../../../components/page-body';
import { PageHeader } from '../../../components/page-header';
import { EmptyCart } from '../components/empty-cart';
import { TunnelLeaveWarning } from '../components/tunnel-leave-warning';
import { TunnelProgress } from '../components/tunnel-progress';
import { tunnelPaths } from '../paths';

/** /cart/customer-infos: the visitor's details, checked with the server's rules; the API's field errors come back here. */
export function Component() {
  const { t } = useTranslation('tunnel');
  const { settings } = useAppEnvironment();
  const { store, cart } = useCart();
  const navigate = useNavigate();
  const location = useLocation();
  const serverProblems = (location.state as { fieldProblems?: FieldProblem[] } | null)?.fieldProblems;
  const rules = useMemo(
    () => customerRulesFor(cart.items, settings),
    [cart.items, settings],
  );
  const last = cart.items[cart.items.length - 1];

  return (
    <>
      <TunnelLeaveWarning />
      <PageHeader title={t('customer.title')} crumbs={[{ label: t('diagnostic.search'), to: tunnelPaths.search }]} />
      <PageBody narrow>
        {!last ? (
          <EmptyCart />
        ) : (
          <Stack gap={8}>
            <TunnelProgress current="customer" />
            <CustomerForm
              initial={store.customer() ?? EMPTY_CUSTOMER}
              rules={rules}
              serverProblems={serverProblems}
              termsHref={tunnelPaths.termsOfService}
              termsWording="visitor"
              submitLabel={t('customer.submit')}
              onChange={(draft) => store.saveCustomer(draft)}
              onSubmit={(draft) => {
                store.saveCustomer(draft);
                navigate(tunnelPaths.summary.to());
              }}
              secondaryAction={
                <Button asChild variant="outline">
                  <RouterLink to={tunnelPaths.diagnostic.to({ id: last.declaration.productId, label: last.declaration.product.label }, { itemId: last.inCartId, step: 'offer' })}>
                    {t('customer.back')}
                  </RouterLink>
                </Button>
              }
            />
          </Stack>
        )}
      </PageBody>
    </>
  );
}
