import { useTranslation } from 'react-i18next';
import { CheckboxGroupFilter, FiltersBar, TextFilter } from '../../../components/list';
import { ProductFilter } from '../../buybacks/components/product-filter';
import { QUARANTINE_REASONS } from '../../items-stock/types';
import { WarehouseFilter } from '../../stocks/components/warehouse-filter';
import { EMPTY_QUARANTINE_FILTERS, type QuarantineFilters as Filters } from '../list-params';

/** The quarantine's filters: the code, the product, the reason (and the warehouse for who sees several). */
export function QuarantineFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation(['warehouse-quarantine', 'items-stock']);

  function check(draft: Filters) {
    const code = draft.code.replace(/\s+/g, '');
    return {
      filters: { ...draft, code },
      problems: { code: code !== '' && !/^[0-9A-Za-z]{1,13}$/.test(code) ? t('warehouse-quarantine:filters.errors.code') : undefined },
    };
  }

  return (
    <FiltersBar
      ns="warehouse-quarantine"
      value={value}
      empty={EMPTY_QUARANTINE_FILTERS}
      onApply={onApply}
      check={check}
      fields={(draft, set, problems) => (
        <>
          <TextFilter label={t('warehouse-quarantine:filters.code')} value={draft.code} onChange={set('code')} autoComplete="off" error={problems.code} />
          <ProductFilter value={draft.productId} onChange={set('productId')} />
          <WarehouseFilter label={t('warehouse-quarantine:filters.warehouse')} all={t('warehouse-quarantine:filters.all')} value={draft.warehouseId} onChange={set('warehouseId')} />
        </>
      )}
      footer={(draft, set) => (
        <CheckboxGroupFilter
          legend={t('warehouse-quarantine:filters.reason')}
          options={QUARANTINE_REASONS.map((reason) => ({
            id: reason,
            label: t(`api:items.quarantineReasons.${reason}`),
            checked: draft.reason.includes(reason),
            onChange: (checked: boolean) => set('reason')(checked ? [...draft.reason, reason] : draft.reason.filter((r) => r !== reason)),
          }))}
        />
      )}
    />
  );
}
