import { Button, Heading, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { FieldProblem } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { EMPTY_CUSTOMER } from '../../../../shared/buyback-path/cart-store';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { CustomerForm } from '../../../../shared/buyback-path/customer/customer-form';
import { customerRulesFor } from '../../../../shared/buyback-path/submit-cart';
import { PRICE_SCREEN, type StepProps } from '../wizard';

/** Step 4: the customer's details, with the server's rules; the create's field errors come back here. */
export function CustomerStep({ goTo, headingRef }: StepProps) {
  const { t } = useTranslation('buyback-create');
  const { settings } = useAppEnvironment();
  const { store, cart } = useCart();
  const location = useLocation();
  const serverProblems = (location.state as { fieldProblems?: FieldProblem[] } | null)?.fieldProblems;
  const rules = useMemo(() => customerRulesFor(cart.items, settings), [cart.items, settings]);

  return (
    <Stack gap={6}>
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {t('customer.title')}
      </Heading>
      <CustomerForm
        initial={store.customer() ?? EMPTY_CUSTOMER}
        rules={rules}
        serverProblems={serverProblems}
        termsWording="seller"
        submitLabel={t('customer.next')}
        onChange={(draft) => store.saveCustomer(draft)}
        onSubmit={(draft) => {
          store.saveCustomer(draft);
          goTo('summary');
        }}
        secondaryAction={
          <Button variant="outline" onClick={() => goTo('declaration', { q: PRICE_SCREEN })}>
            {t('customer.back')}
          </Button>
        }
      />
    </Stack>
  );
}
