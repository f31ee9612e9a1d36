import { useTranslation } from 'react-i18next';
import { CheckboxGroupFilter, FiltersBar, SelectFilter, TextFilter } from '../../../components/list';
import { useBuybackReferences } from '../../buybacks/api/get-buyback-references';
import { categoryOptions, tenantLabels } from '../../buybacks/components/buyback-filters';
import { ProductFilter } from '../../buybacks/components/product-filter';
import { WarehouseFilter } from '../../stocks/components/warehouse-filter';
import { useWorkWarehouses } from '../../stocks/hooks/use-work-warehouses';
import { useStockNames } from '../../../components/warehouse-item/use-stock-names';
import { EMPTY_ITEM_FILTERS, itemFilterProblems, type ItemFilters as Filters } from '../list-params';
import { ITEM_STATUS_GROUP_NAMES, ITEM_STATUS_GROUPS } from '../statuses';

interface Props {
  value: Filters;
  onApply: (filters: Filters) => void;
}

/** The items list's filters: code, IMEI, stock, product, brand, category, age in days, status (and the warehouse for who sees several). */
export function ItemFilters({ value, onApply }: Props) {
  const { t } = useTranslation('items-stock');
  const references = useBuybackReferences().data;
  const label = tenantLabels(references);
  const { stocks, label: stockLabel } = useStockNames();
  const warehouses = useWorkWarehouses();
  const warehouseName = new Map(warehouses.map((w) => [w.id, w.label]));

  function check(draft: Filters) {
    const problems = itemFilterProblems(draft);
    return {
      filters: {
        ...draft,
        code: draft.code.replace(/\s+/g, ''),
        imei: draft.imei.trim(),
        minAge: draft.minAge.trim(),
        maxAge: draft.maxAge.trim(),
        marginMin: draft.marginMin.trim(),
        marginMax: draft.marginMax.trim(),
      },
      problems: Object.fromEntries(Object.entries(problems).map(([field, problem]) => [field, problem ? t(`filters.errors.${problem}`) : undefined])),
    };
  }

  return (
    <FiltersBar
      ns="items-stock"
      value={value}
      empty={EMPTY_ITEM_FILTERS}
      onApply={onApply}
      check={check}
      fields={(draft, set, problems) => (
        <>
          <TextFilter label={t('filters.code')} value={draft.code} onChange={set('code')} autoComplete="off" error={problems.code} />
          <TextFilter label={t('filters.imei')} value={draft.imei} onChange={set('imei')} inputMode="numeric" autoComplete="off" error={problems.imei} />
          <SelectFilter
            label={t('filters.stock')}
            value={draft.stockId}
            onChange={set('stockId')}
            all={t('filters.all')}
            options={(stocks ?? []).map((stock) => ({
              id: stock.id,
              label: warehouses.length > 1 ? `${stockLabel(stock)} · ${warehouseName.get(stock.warehouseId) ?? ''}` : stockLabel(stock),
            }))}
          />
          <WarehouseFilter label={t('filters.warehouse')} all={t('filters.all')} value={draft.warehouseId} onChange={set('warehouseId')} />
          <ProductFilter value={draft.productId} onChange={set('productId')} />
          <TextFilter label={t('filters.brand')} value={draft.brand} onChange={set('brand')} autoComplete="off" />
          <SelectFilter
            label={t('filters.category')}
            value={draft.categoryId}
            onChange={set('categoryId')}
            all={t('filters.all')}
            options={categoryOptions(references?.categories ?? [], label)}
          />
          <TextFilter label={t('filters.minAge')} value={draft.minAge} onChange={set('minAge')} inputMode="numeric" autoComplete="off" error={problems.minAge} />
          <TextFilter label={t('filters.maxAge')} value={draft.maxAge} onChange={set('maxAge')} inputMode="numeric" autoComplete="off" error={problems.maxAge} />
          <TextFilter label={t('filters.marginMin')} value={draft.marginMin} onChange={set('marginMin')} inputMode="decimal" autoComplete="off" error={problems.marginMin} />
          <TextFilter label={t('filters.marginMax')} value={draft.marginMax} onChange={set('marginMax')} inputMode="decimal" autoComplete="off" error={problems.marginMax} />
          <SelectFilter
            label={t('filters.refurbishment')}
            value={draft.refurbishment}
            onChange={(value) => set('refurbishment')(value as Filters['refurbishment'])}
            all={t('filters.all')}
            options={[
              { id: 'yes', label: t('filters.refurbishmentYes') },
              { id: 'no', label: t('filters.refurbishmentNo') },
            ]}
          />
        </>
      )}
      footer={(draft, set) => (
        <CheckboxGroupFilter
          legend={t('filters.status')}
          options={ITEM_STATUS_GROUP_NAMES.map((group) => {
            const statuses: readonly Filters['status'][number][] = ITEM_STATUS_GROUPS[group];
            return {
              id: group,
              label: t(`statusGroups.${group}`),
              checked: statuses.every((s) => draft.status.includes(s)),
              onChange: (checked: boolean) =>
                set('status')(checked ? [...new Set([...draft.status, ...statuses])] : draft.status.filter((s) => !statuses.includes(s))),
            };
          })}
        />
      )}
    />
  );
}
