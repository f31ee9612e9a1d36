import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format';
import { Facts } from '../../../components/facts';
import { AppLink } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { PaymentStatusBadge } from '../../payments/components/payment-status-badge';
import { paymentPaths } from '../../payments/paths';
import type { Buyback } from '../types';

/**
 * The buyback's payment, as its view carries it (`payment`: none until one
 * is created): its id (a link for who may open payments), status, type,
 * amount, voucher code and the claim on the customer.
 */
export function BuybackPayment({ buyback }: { buyback: Buyback }) {
  const { t, i18n } = useTranslation('payments');
  const can = useCan();
  const payment = buyback.payment;
  const money = (value: Buyback['declaredPrice']) => formatMoney(value, i18n.language);

  return (
    <Box mt="5" pt="4" borderTopWidth="1px" data-testid="buyback-payment">
      <Heading as="h3" size="sm" mb="3">
        {t('buyback.title')}
      </Heading>
      {payment === null ? (
        <Text color="fg.muted">{t('buyback.none')}</Text>
      ) : (
        <Facts
          items={[
            [t('fields.paymentId'), can('payment.list') ? <AppLink key="id" to={paymentPaths.detail(payment.id)}>{payment.id}</AppLink> : payment.id],
            [t('fields.status'), <PaymentStatusBadge key="status" status={payment.status} />],
            [t('fields.type'), t(`types.${payment.type}`)],
            [t('fields.amount'), money(payment.amount)],
            [t('fields.voucherCode'), payment.voucherCode],
            ...(payment.claim
              ? ([
                  [t('claim.acceptedPrice'), money(payment.claim.acceptedPrice)],
                  [t('claim.owedAmount'), money(payment.claim.owedAmount)],
                  [t('claim.claimedAmount'), money(payment.claim.claimedAmount)],
                ] as Array<[string, string]>)
              : []),
          ]}
        />
      )}
    </Box>
  );
}
