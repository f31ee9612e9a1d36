import { Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatIdentificationNumber, formatMoney } from '../../../../shared/format/format';
import { ListScreen, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { usePayments } from '../api/get-payments';
import { paymentList, type PaymentListParams, type PaymentSortField } from '../list-params';
import { paymentPaths } from '../paths';
import type { PaymentListItem } from '../types';
import { PaymentActionButtons } from './payment-action-buttons';
import { PaymentCommandDialog, type PaymentDialogCommand, type PaymentTarget } from './payment-command-dialog';
import { PaymentFailure } from './payment-failure';
import { PaymentFilters } from './payment-filters';
import { PaymentStatusBadge } from './payment-status-badge';

interface Props {
  params: PaymentListParams;
  setParams(next: PaymentListParams): void;
}

/**
 * The payment search: filters, the page of payments, paging. Each row says
 * its status, why it failed, and offers the commands the API allows on it
 * (relaunch, mark as paid), each in its dialog.
 */
export function PaymentsList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation('payments');
  const list = usePayments(params);
  const [dialog, setDialog] = useState<{ command: PaymentDialogCommand; target: PaymentTarget } | null>(null);

  const columns = useMemo<Array<ListColumn<PaymentListItem, PaymentSortField>>>(
    () => [
      {
        id: 'code',
        header: t('fields.identificationNumber'),
        sort: 'identificationNumber',
        nowrap: true,
        cell: (payment) => <AppLink to={paymentPaths.detail(payment.id)}>{formatIdentificationNumber(payment.identificationNumber)}</AppLink>,
      },
      { id: 'createdAt', header: t('fields.createdAt'), sort: 'createdAt', nowrap: true, cell: (payment) => formatDateTime(payment.createdAt, i18n.language) },
      {
        id: 'customer',
        header: t('fields.customer'),
        cell: (payment) =>
          payment.customerName ?? (
            <Text as="span" color="fg.muted">
              {t('fields.customerForgotten')}
            </Text>
          ),
      },
      {
        id: 'type',
        header: t('fields.type'),
        cell: (payment) => (
          <Stack gap="0">
            <Text as="span">{t(`types.${payment.type}`)}</Text>
            <Text as="span" fontSize="xs" color="fg.muted">
              {t(`providers.${payment.provider}`)}
            </Text>
          </Stack>
        ),
      },
      { id: 'amount', header: t('fields.amount'), sort: 'amount', numeric: true, nowrap: true, cell: (payment) => formatMoney(payment.amount, i18n.language) },
      {
        id: 'status',
        header: t('fields.status'),
        sort: 'status',
        cell: (payment) => (
          <Stack gap="1" align="flex-start">
            <PaymentStatusBadge status={payment.status} />
            {payment.failure && <PaymentFailure failure={payment.failure} />}
          </Stack>
        ),
      },
      {
        id: 'actions',
        header: t('fields.actions'),
        cell: (payment) => (
          <PaymentActionButtons size="xs" allowed={payment.allowedCommands} onOpen={(command) => setDialog({ command, target: { payment, etag: null } })} />
        ),
      },
    ],
    [t, i18n.language],
  );

  return (
    <>
      <ListScreen
        ns="payments"
        definition={paymentList}
        params={params}
        onParams={setParams}
        query={list}
        filters={<PaymentFilters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
        columns={columns}
        rowKey={(payment) => payment.id}
        rowTestId="payment-row"
        totalTestId="payments-total"
      />
      <PaymentCommandDialog command={dialog?.command ?? null} target={dialog?.target ?? null} onClose={() => setDialog(null)} />
    </>
  );
}
