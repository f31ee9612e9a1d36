import { useTranslation } from 'react-i18next';
import { CheckboxGroupFilter, FiltersBar, SelectFilter, TextFilter } from '../../../components/list';
import { EMPTY_PAYMENT_FILTERS, paymentFilterProblems, type PaymentFilters as Filters } from '../list-params';
import { PAYMENT_PROVIDERS, PAYMENT_STATUSES, PAYMENT_TYPES } from '../types';

interface Props {
  value: Filters;
  onApply: (filters: Filters) => void;
}

/** The payment search's filters: buyback code, payment id, customer, period, amounts, type, provider and status. */
export function PaymentFilters({ value, onApply }: Props) {
  const { t } = useTranslation('payments');

  function check(draft: Filters) {
    const problems = paymentFilterProblems(draft);
    return {
      filters: {
        ...draft,
        identificationNumber: draft.identificationNumber.replace(/\s+/g, ''),
        paymentId: draft.paymentId.trim(),
        amountFrom: draft.amountFrom.trim(),
        amountTo: draft.amountTo.trim(),
      },
      problems: Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problem ? t(`filters.errors.${problem}`) : undefined])),
    };
  }

  return (
    <FiltersBar
      ns="payments"
      value={value}
      empty={EMPTY_PAYMENT_FILTERS}
      onApply={onApply}
      check={check}
      fields={(draft, set, problems) => (
        <>
          <TextFilter
            label={t('filters.code')}
            value={draft.identificationNumber}
            onChange={set('identificationNumber')}
            inputMode="numeric"
            autoComplete="off"
            error={problems.identificationNumber}
          />
          <TextFilter label={t('filters.paymentId')} value={draft.paymentId} onChange={set('paymentId')} autoComplete="off" error={problems.paymentId} />
          <TextFilter label={t('filters.customerName')} value={draft.customerName} onChange={set('customerName')} autoComplete="off" />
          <SelectFilter
            label={t('filters.type')}
            value={draft.type}
            onChange={(type) => set('type')(type as Filters['type'])}
            all={t('filters.all')}
            options={PAYMENT_TYPES.map((type) => ({ id: type, label: t(`types.${type}`) }))}
          />
          <SelectFilter
            label={t('filters.provider')}
            value={draft.provider}
            onChange={(provider) => set('provider')(provider as Filters['provider'])}
            all={t('filters.all')}
            options={PAYMENT_PROVIDERS.map((provider) => ({ id: provider, label: t(`providers.${provider}`) }))}
          />
          <TextFilter label={t('filters.from')} type="date" value={draft.from} onChange={set('from')} error={problems.from} />
          <TextFilter label={t('filters.to')} type="date" value={draft.to} onChange={set('to')} />
          <TextFilter label={t('filters.amountFrom')} value={draft.amountFrom} onChange={set('amountFrom')} inputMode="decimal" autoComplete="off" error={problems.amountFrom} />
          <TextFilter label={t('filters.amountTo')} value={draft.amountTo} onChange={set('amountTo')} inputMode="decimal" autoComplete="off" error={problems.amountTo} />
        </>
      )}
      footer={(draft, set) => (
        <CheckboxGroupFilter
          legend={t('filters.status')}
          options={PAYMENT_STATUSES.map((status) => ({
            id: status,
            label: t(`statuses.${status}`),
            checked: draft.status.includes(status),
            onChange: (checked: boolean) => set('status')(checked ? [...draft.status, status] : draft.status.filter((s) => s !== status)),
          }))}
        />
      )}
    />
  );
}
