import { Box, Heading, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../../shared/format/format';
import { Facts } from '../../../components/facts';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { usePayment } from '../../payments/api/get-payment';
import { usePaymentOfBuyback } from '../../payments/api/get-payments';
import { PaymentStatusBadge } from '../../payments/components/payment-status-badge';
import { paymentPaths } from '../../payments/paths';
import type { BuybackPaymentView } from '../../payments/types';
import type { Buyback } from '../types';

/**
 * The buyback's payment, as its view carries it (`payment`: none until one
 * is created): its id (a link for who may open payments), status, type,
 * amount, voucher code and the claim on the customer. A view without the
 * field (an older server) asks the payment search by the buyback's code.
 */
export function BuybackPayment({ buyback }: { buyback: Buyback }) {
  const { t, i18n } = useTranslation('payments');
  const can = useCan();
  const fromView = 'payment' in buyback ? (buyback as { payment: BuybackPaymentView | null }).payment : undefined;
  const searched = usePaymentOfBuyback(buyback.identificationNumber, fromView === undefined && can('payment.list'));
  const found = searched.data ? (searched.data.items.find((item) => item.buybackId === buyback.id) ?? null) : undefined;
  const foundDetail = usePayment(found?.id ?? '', !!found).data?.payment;
  const payment: BuybackPaymentView | null | undefined =
    fromView !== undefined ? fromView : found === null ? null : foundDetail;
  const money = (value: BuybackPaymentView['amount']) => formatMoney(value, i18n.language);

  return (
    <Box mt="5" pt="4" borderTopWidth="1px" data-testid="buyback-payment">
      <Heading as="h3" size="sm" mb="3">
        {t('buyback.title')}
      </Heading>
      {payment === undefined ? (
        searched.isError ? <Text color="fg.muted">{t('buyback.loadFailed')}</Text> : fromView === undefined && !can('payment.list') ? <Text color="fg.muted">—</Text> : <LoadingStatus py="2" />
      ) : payment === null ? (
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
