import { SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { Facts, FactsSection } from '../../../components/facts';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink, Page } from '../../../components/page';
import { usePayment } from '../api/get-payment';
import { paymentPaths } from '../paths';
import { PaymentActionButtons } from './payment-action-buttons';
import { PaymentAttempts } from './payment-attempts';
import { PaymentCommandDialog, type PaymentDialogCommand } from './payment-command-dialog';
import { PaymentFailure } from './payment-failure';
import { modifierDifference, modifierText } from './payment-modifier';
import { PaymentStatusBadge } from './payment-status-badge';

/**
 * /payments/{id}: what the customer is paid (the validated price and the
 * payment mode's bonus or malus), how, by whom, every attempt with its
 * outcome, and the commands the API allows now.
 */
export function PaymentDetail({ id, listPath }: { id: string; listPath: string }) {
  const { t, i18n } = useTranslation(['payments', 'common']);
  const detail = usePayment(id);
  const [dialog, setDialog] = useState<PaymentDialogCommand | null>(null);
  const listCrumb = { label: t('payments:list.title'), to: listPath };

  if (detail.isPending) return <LoadingStatus size="lg" py="16" />;
  if (detail.isError) return <DetailLoadFailed error={detail.error} listCrumb={listCrumb} ns="payments" />;

  const { payment, etag } = detail.data;
  const code = formatIdentificationNumber(payment.identificationNumber);
  const money = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, i18n.language);
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : null);

  return (
    <Page
      title={t('payments:detail.title', { code })}
      breadcrumbs={[listCrumb, { label: code }]}
      titleAddon={<PaymentStatusBadge status={payment.status} size="lg" />}
      actions={<PaymentActionButtons allowed={payment.allowedCommands} onOpen={setDialog} />}
    >
      <Stack gap="5">
        <SimpleGrid columns={{ base: 1, xl: 2 }} gap="5">
          <FactsSection id="section-amount" title={t('payments:sections.amount')}>
            <Facts
              items={[
                [t('payments:fields.amount'), money(payment.amount)],
                [t('payments:fields.validatedPrice'), money(payment.validatedPrice)],
                [t('payments:fields.modifier'), modifierText(payment, t, i18n.language)],
                [t('payments:fields.modifierDifference'), modifierDifference(payment, i18n.language)],
                ...(payment.claim
                  ? ([
                      [t('payments:claim.acceptedPrice'), money(payment.claim.acceptedPrice)],
                      [t('payments:claim.owedAmount'), money(payment.claim.owedAmount)],
                      [t('payments:claim.claimedAmount'), money(payment.claim.claimedAmount)],
                    ] as Array<[string, string]>)
                  : []),
              ]}
            />
          </FactsSection>
          <FactsSection id="section-means" title={t('payments:sections.means')}>
            <Facts
              items={[
                [t('payments:fields.type'), t(`payments:types.${payment.type}`)],
                [t('payments:fields.provider'), t(`payments:providers.${payment.provider}`)],
                [t('payments:fields.providerReference'), payment.providerReference],
                [t('payments:fields.voucherCode'), payment.voucherCode],
                [t('payments:fields.transferFile'), payment.transferFileId],
                [t('payments:fields.origin'), t(`payments:origins.${payment.origin}`)],
              ]}
            />
          </FactsSection>
          <FactsSection id="section-state" title={t('payments:sections.state')}>
            <Facts
              items={[
                [t('payments:fields.status'), <PaymentStatusBadge key="status" status={payment.status} />],
                [t('payments:fields.failure'), payment.failure ? <PaymentFailure key="failure" failure={payment.failure} /> : null],
                [t('payments:fields.notNeededReason'), payment.notNeededReason ? t(`payments:notNeededReasons.${payment.notNeededReason}`) : null],
                [t('payments:fields.paidInformation'), payment.paidInformation],
                [t('payments:fields.keptOnCancellation'), payment.keptOnBuybackCancellation ? t('payments:yes') : null],
                [t('payments:fields.createdAt'), when(payment.createdAt)],
                [t('payments:fields.statusSince'), when(payment.statusSince)],
                [t('payments:fields.paidAt'), when(payment.paidAt)],
              ]}
            />
          </FactsSection>
          <FactsSection id="section-buyback" title={t('payments:sections.buyback')}>
            <Facts
              items={[
                [t('payments:fields.buyback'), <AppLink key="buyback" to={paymentPaths.buyback(payment.buybackId)}>{code}</AppLink>],
                [t('payments:fields.customer'), payment.customerName ?? t('payments:fields.customerForgotten')],
                [t('payments:fields.paymentId'), payment.id],
              ]}
            />
          </FactsSection>
        </SimpleGrid>
        <FactsSection id="section-attempts" title={t('payments:sections.attempts')}>
          <PaymentAttempts attempts={payment.attempts} />
        </FactsSection>
      </Stack>
      <PaymentCommandDialog command={dialog} target={{ payment, etag }} onClose={() => setDialog(null)} />
    </Page>
  );
}
