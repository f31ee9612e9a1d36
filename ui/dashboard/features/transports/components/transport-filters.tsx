import { useTranslation } from 'react-i18next';
import { CheckboxGroupFilter, FiltersBar, TextFilter } from '../../../components/list';
import { EMPTY_FILTERS, LABEL_STATUSES, type TransportFilters as Filters } from '../list-params';
import { DELIVERY_STATUSES, TRANSPORT_KINDS } from '../types';

interface Props {
  value: Filters;
  onApply: (filters: Filters) => void;
}

/** Code digits only (the beginning of a 13-digit code), the period in order. */
function check(t: (key: string) => string) {
  return (draft: Filters) => {
    const code = draft.identificationNumber.replace(/\s+/g, '');
    return {
      filters: { ...draft, identificationNumber: code, trackingNumber: draft.trackingNumber.trim() },
      problems: {
        identificationNumber: code !== '' && !/^\d{1,13}$/.test(code) ? t('filters.errors.code') : undefined,
        from: draft.from && draft.to && draft.from > draft.to ? t('filters.errors.period') : undefined,
      },
    };
  };
}

/** A group of checkboxes over a multiple-choice filter. */
function choices<V extends string>(values: readonly V[], chosen: V[], label: (value: V) => string, set: (next: V[]) => void) {
  return values.map((value) => ({
    id: value,
    label: label(value),
    checked: chosen.includes(value),
    onChange: (checked: boolean) => set(checked ? [...chosen, value] : chosen.filter((v) => v !== value)),
  }));
}

/** The list's filters, edited here, applied to the URL on submit. */
export function TransportFilters({ value, onApply }: Props) {
  const { t } = useTranslation(['transports', 'api']);
  return (
    <FiltersBar
      ns="transports"
      value={value}
      empty={EMPTY_FILTERS}
      onApply={onApply}
      check={check((key) => t(`transports:${key}`))}
      fields={(draft, set, problems) => (
        <>
          <TextFilter
            label={t('transports:filters.code')}
            value={draft.identificationNumber}
            onChange={set('identificationNumber')}
            inputMode="numeric"
            autoComplete="off"
            error={problems.identificationNumber}
          />
          <TextFilter label={t('transports:filters.trackingNumber')} value={draft.trackingNumber} onChange={set('trackingNumber')} autoComplete="off" />
          <TextFilter label={t('transports:filters.from')} type="date" value={draft.from} onChange={set('from')} error={problems.from} />
          <TextFilter label={t('transports:filters.to')} type="date" value={draft.to} onChange={set('to')} />
        </>
      )}
      footer={(draft, set) => (
        <>
          <CheckboxGroupFilter legend={t('transports:filters.kind')} options={choices(TRANSPORT_KINDS, draft.kind, (kind) => t(`transports:kinds.${kind}`), set('kind'))} />
          <CheckboxGroupFilter
            legend={t('transports:filters.labelStatus')}
            options={choices(LABEL_STATUSES, draft.labelStatus, (status) => t(`transports:labelStatuses.${status}`), set('labelStatus'))}
          />
          <CheckboxGroupFilter
            legend={t('transports:filters.deliveryStatus')}
            options={choices(DELIVERY_STATUSES, draft.deliveryStatus, (status) => t(`api:delivery.statuses.${status}`), set('deliveryStatus'))}
          />
        </>
      )}
    />
  );
}
