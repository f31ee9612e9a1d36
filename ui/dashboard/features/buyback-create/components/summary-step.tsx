import { Alert, Button, Heading, HStack, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { BuybackSummary } from '../../../../shared/buyback-path/components/buyback-summary';
import { customerRulesFor, useSubmitCart } from '../../../../shared/buyback-path/submit-cart';
import type { StepProps } from '../wizard';

/** Step 5: everything that will be registered; the create refreshes the buyback lists and opens the confirmation. */
export function SummaryStep({ goTo, headingRef }: StepProps) {
  const { t } = useTranslation(['buyback-create', 'buyback-path']);
  const { settings, currency } = useAppEnvironment();
  const { store, cart } = useCart();
  const submission = useSubmitCart(store);
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
        itemActions={() => (
          <>
            <Button size="sm" variant="outline" onClick={() => goTo('options')}>
              {t('summary.changeOptions')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => goTo('declaration', { q: '1' })}>
              {t('summary.changeAnswers')}
            </Button>
          </>
        )}
        customerAction={
          <Button size="sm" variant="outline" onClick={() => goTo('customer')}>
            {t('summary.changeCustomer')}
          </Button>
        }
      />
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
        <Button variant="outline" onClick={() => goTo('customer')}>
          {t('buyback-path:actions.previous')}
        </Button>
        <Button colorPalette="brand" size="lg" onClick={create} loading={submission.pending}>
          {t('summary.create')}
        </Button>
      </HStack>
    </Stack>
  );
}
