import { useTranslation } from 'react-i18next';
import { FiltersBar, SelectFilter, TextFilter } from '../../../components/list';
import { WarehouseFilter } from './warehouse-filter';
import { EMPTY_STOCK_FILTERS, STOCK_ORIGINS, type StockFilters as Filters } from '../list-params';

/** The stocks list's filters: part of the name, native or own, and the warehouse when the user sees several. */
export function StockFilters({ value, onApply }: { value: Filters; onApply: (filters: Filters) => void }) {
  const { t } = useTranslation('stocks');

  return (
    <FiltersBar
      ns="stocks"
      value={value}
      empty={EMPTY_STOCK_FILTERS}
      onApply={onApply}
      fields={(draft, set) => (
        <>
          <TextFilter label={t('filters.name')} value={draft.name} onChange={set('name')} autoComplete="off" />
          <SelectFilter
            label={t('filters.origin')}
            value={draft.origin}
            onChange={(origin) => set('origin')(origin as Filters['origin'])}
            all={t('filters.all')}
            options={STOCK_ORIGINS.map((origin) => ({ id: origin, label: t(`filters.origins.${origin}`) }))}
          />
          <WarehouseFilter label={t('filters.warehouse')} all={t('filters.all')} value={draft.warehouseId} onChange={set('warehouseId')} />
        </>
      )}
    />
  );
}
