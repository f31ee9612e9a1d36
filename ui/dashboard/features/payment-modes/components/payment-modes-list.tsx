import { Badge } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersBar, ListScreen, SelectFilter, TextFilter, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { usePaymentModes } from '../api/get-payment-modes';
import { EMPTY_PAYMENT_MODE_FILTERS, PAYMENT_MODE_STATUS_FILTER, paymentModeList, type PaymentModeFilters, type PaymentModeListParams, type PaymentModeSortField } from '../list-params';
import { paymentModePaths } from '../paths';
import type { PaymentMode } from '../types';
import { useModifierText } from './modifier-text';

interface Props {
  params: PaymentModeListParams;
  setParams(next: PaymentModeListParams): void;
}

/** The retailer's payment modes: type, provider, bonus or malus, and whether the buyback path offers them. */
export function PaymentModesList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation('payment-modes');
  const list = usePaymentModes(params);
  const modifierText = useModifierText();

  const columns = useMemo<Array<ListColumn<PaymentMode, PaymentModeSortField>>>(
    () => [
      { id: 'label', header: t('fields.label'), sort: 'label', cell: (mode) => <AppLink to={paymentModePaths.edit(mode.id)}>{mode.label}</AppLink> },
      { id: 'paymentType', header: t('fields.paymentType'), sort: 'paymentType', cell: (mode) => t(`types.${mode.paymentType}`) },
      { id: 'provider', header: t('fields.provider'), cell: (mode) => t(`providers.${mode.provider}`) },
      { id: 'modifier', header: t('fields.modifier'), cell: (mode) => modifierText(mode.modifier) },
      {
        id: 'status',
        header: t('fields.status'),
        sort: 'status',
        cell: (mode) => (
          <Badge colorPalette={mode.status === 'enabled' ? 'green' : 'gray'} data-testid="payment-mode-status">
            {t(`statuses.${mode.status}`)}
          </Badge>
        ),
      },
      {
        id: 'updatedAt',
        header: t('fields.updatedAt'),
        sort: 'updatedAt',
        nowrap: true,
        cell: (mode) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(mode.updatedAt)),
      },
    ],
    [t, i18n.language, modifierText],
  );

  return (
    <ListScreen
      ns="payment-modes"
      definition={paymentModeList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<Filters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(mode) => mode.id}
      rowTestId="payment-mode-row"
      totalTestId="payment-modes-total"
    />
  );
}

function Filters({ value, onApply }: { value: PaymentModeFilters; onApply(filters: PaymentModeFilters): void }) {
  const { t } = useTranslation('payment-modes');
  return (
    <FiltersBar
      ns="payment-modes"
      value={value}
      empty={EMPTY_PAYMENT_MODE_FILTERS}
      onApply={onApply}
      fields={(draft, set) => (
        <>
          <TextFilter label={t('filters.label')} value={draft.label} onChange={set('label')} autoComplete="off" />
          <SelectFilter
            label={t('filters.status')}
            value={draft.status}
            onChange={(status) => set('status')(status as PaymentModeFilters['status'])}
            all={t('filters.all')}
            options={PAYMENT_MODE_STATUS_FILTER.map((status) => ({ id: status, label: t(`statuses.${status}`) }))}
          />
        </>
      )}
    />
  );
}
