import { useTranslation } from 'react-i18next';
import { CheckboxGroupFilter, FiltersBar, SelectFilter, TextFilter } from '../../../components/list';
import { useBuybackReferences } from '../api/get-buyback-references';
import { DELIVERY_STATUSES, EMPTY_FILTERS, type BuybackFilters as Filters } from '../list-params';
import { STATUS_CAPTIONS, STATUSES_BY_CAPTION } from '../statuses';
import type { BuybackReferences } from '../types';
import { ProductFilter } from './product-filter';

interface Props {
  value: Filters;
  onApply: (filters: Filters) => void;
}

type FilterName = BuybackReferences['filters'][number];

/**
 * Names as a filter lists them: with their tenant's name when the caller
 * sees several tenants (provider staff), whose stores or categories may be
 * named alike.
 */
export function tenantLabels(references: BuybackReferences | undefined) {
  const tenants = new Map((references?.accounts ?? []).map((account) => [account.id, account.name]));
  const several = tenants.size > 1;
  return (label: string, accountId: string) => (several ? `${label} · ${tenants.get(accountId) ?? ''}` : label);
}

/** Categories as a tree, children indented under their parent. */
export function categoryOptions(categories: BuybackReferences['categories'], label: (text: string, accountId: string) => string): Array<{ id: string; label: string }> {
  const children = new Map<string | null, BuybackReferences['categories']>();
  for (const category of categories) children.set(category.parentId, [...(children.get(category.parentId) ?? []), category]);
  const known = new Set(categories.map((c) => c.id));
  const roots = categories.filter((c) => c.parentId === null || !known.has(c.parentId));
  const out: Array<{ id: string; label: string }> = [];
  const walk = (nodes: BuybackReferences['categories'], depth: number) => {
    for (const node of nodes) {
      out.push({ id: node.id, label: `${'\u2003'.repeat(depth)}${depth === 0 ? label(node.label, node.accountId) : node.label}` });
      walk(children.get(node.id) ?? [], depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

/** Code digits only, at most 13; the period in order. */
function check(t: (key: string) => string) {
  return (draft: Filters) => {
    const code = draft.identificationNumber.replace(/\s+/g, '');
    return {
      filters: { ...draft, identificationNumber: code },
      problems: {
        identificationNumber: code !== '' && !/^\d{1,13}$/.test(code) ? t('filters.errors.code') : undefined,
        from: draft.from && draft.to && draft.from > draft.to ? t('filters.errors.period') : undefined,
      },
    };
  };
}

/** The list's filters: those the API offers the user (a store user has no store filter…), edited here, applied to the URL on submit. */
export function BuybackFilters({ value, onApply }: Props) {
  const { t } = useTranslation('buybacks');
  const references = useBuybackReferences().data;
  const label = tenantLabels(references);
  const offered = (name: FilterName) => references?.filters.includes(name) ?? false;
  const named = (list: Array<{ id: string; name: string; accountId: string }> | undefined) =>
    (list ?? []).map((item) => ({ id: item.id, label: label(item.name, item.accountId) }));

  return (
    <FiltersBar
      ns="buybacks"
      value={value}
      empty={EMPTY_FILTERS}
      onApply={onApply}
      check={check(t)}
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
          <TextFilter label={t('filters.customerName')} value={draft.customerName} onChange={set('customerName')} autoComplete="off" />
          <TextFilter label={t('filters.from')} type="date" value={draft.from} onChange={set('from')} error={problems.from} />
          <TextFilter label={t('filters.to')} type="date" value={draft.to} onChange={set('to')} />
          <SelectFilter
            label={t('filters.channel')}
            value={draft.channel}
            onChange={(channel) => set('channel')(channel as Filters['channel'])}
            all={t('filters.all')}
            options={[
              { id: 'store', label: t('channels.store') },
              { id: 'web', label: t('channels.web') },
            ]}
          />
          <SelectFilter
            label={t('filters.circuit')}
            value={draft.circuitId}
            onChange={set('circuitId')}
            all={t('filters.all')}
            options={(references?.circuits ?? []).map((c) => ({ id: c.id, label: label(`${c.name} (${t(`channels.${c.channel}`)})`, c.accountId) }))}
          />
          {offered('storeId') && (references?.stores.length ?? 0) > 0 && (
            <SelectFilter label={t('filters.store')} value={draft.storeId} onChange={set('storeId')} all={t('filters.all')} options={named(references?.stores)} />
          )}
          {offered('warehouseId') && (references?.warehouses.length ?? 0) > 0 && (
            <SelectFilter label={t('filters.warehouse')} value={draft.warehouseId} onChange={set('warehouseId')} all={t('filters.all')} options={named(references?.warehouses)} />
          )}
          {offered('buyerId') && (references?.buyers.length ?? 0) > 0 && (
            <SelectFilter label={t('filters.buyer')} value={draft.buyerId} onChange={set('buyerId')} all={t('filters.all')} options={named(references?.buyers)} />
          )}
          <SelectFilter
            label={t('filters.category')}
            value={draft.categoryId}
            onChange={set('categoryId')}
            all={t('filters.all')}
            options={categoryOptions(references?.categories ?? [], label)}
          />
          <ProductFilter value={draft.productId} onChange={set('productId')} />
          <TextFilter label={t('filters.brand')} value={draft.brand} onChange={set('brand')} autoComplete="off" />
        </>
      )}
      footer={(draft, set) => (
        <>
          <CheckboxGroupFilter
            legend={t('filters.status')}
            options={STATUS_CAPTIONS.map((caption) => {
              const statuses = STATUSES_BY_CAPTION[caption];
              return {
                id: caption,
                label: t(`statuses.${caption}`),
                checked: statuses.every((s) => draft.status.includes(s)),
                onChange: (checked: boolean) =>
                  set('status')(checked ? [...new Set([...draft.status, ...statuses])] : draft.status.filter((s) => !statuses.includes(s))),
              };
            })}
          />
          {offered('deliveryStatus') && (
            <CheckboxGroupFilter
              legend={t('filters.deliveryStatus')}
              options={DELIVERY_STATUSES.map((status) => ({
                id: status,
                label: t(`api:delivery.statuses.${status}`),
                checked: draft.deliveryStatus.includes(status),
                onChange: (checked: boolean) =>
                  set('deliveryStatus')(checked ? [...draft.deliveryStatus, status] : draft.deliveryStatus.filter((s) => s !== status)),
              }))}
            />
          )}
        </>
      )}
    />
  );
}
