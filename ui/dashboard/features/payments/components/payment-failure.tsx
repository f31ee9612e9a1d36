import { Code, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { PaymentListItem } from '../types';

/** Why a payment failed: the provider's or the bank's reason code, and its words when it gave some. */
export function PaymentFailure({ failure }: { failure: NonNullable<PaymentListItem['failure']> }) {
  const { t } = useTranslation('payments');
  return (
    <Text as="span" fontSize="sm" color="fg.error" data-testid="payment-failure">
      <Code size="sm" colorPalette="red" title={t('fields.reasonCode')}>
        {failure.reasonCode}
      </Code>{' '}
      {failure.message ?? t('fields.noFailureMessage')}
    </Text>
  );
}
