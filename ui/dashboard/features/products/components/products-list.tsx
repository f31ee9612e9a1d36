import { Badge, Box, Button, Checkbox, Field, HStack, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersBar, ListScreen, TextFilter, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { LongListToggle, useLongList } from '../../../components/long-list';
import { useCategoryTree, useProducts } from '../api/products';
import {
  EMPTY_PRODUCT_FILTERS,
  PRODUCT_STATUS_FILTER,
  priceProblems,
  productList,
  shortLabel,
  type ProductFilters,
  type ProductListParams,
  type ProductSortField,
} from '../list-params';
import { productPaths } from '../paths';
import type { ProductListItem } from '../types';
import { categoryOptions, type CategoryOption } from './category-options';

interface Props {
  params: ProductListParams;
  setParams(next: ProductListParams): void;
}

/** The catalogue's products as specification 000 §2 lists them: label, brand, category, grade-A price, status, EAN and the actions. */
export function ProductsList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation('products');
  const list = useProducts(params);
  const tree = useCategoryTree();
  const categories = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  const money = useMemo(() => new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'EUR' }), [i18n.language]);

  const columns = useMemo<Array<ListColumn<ProductListItem, ProductSortField>>>(
    () => [
      { id: 'label', header: t('fields.label'), sort: 'label', cell: (p) => <AppLink to={productPaths.edit(p.id)}>{p.label}</AppLink> },
      { id: 'brand', header: t('fields.brand'), sort: 'brand', cell: (p) => p.brand },
      { id: 'category', header: t('fields.category'), sort: 'category', cell: (p) => p.categoryLabel ?? '—' },
      {
        id: 'gradeA',
        header: t('fields.gradeAPrice'),
        sort: 'buybackPriceGradeA',
        nowrap: true,
        cell: (p) => {
          const cents = (p.prices as Partial<Record<string, number | null>>).grade_a;
          return typeof cents === 'number' ? money.format(cents / 100) : '—';
        },
      },
      {
        id: 'status',
        header: t('fields.status'),
        sort: 'status',
        cell: (p) => (
          <Badge colorPalette={p.status === 'published' ? 'green' : 'gray'} data-testid="product-status">
            {t(`statuses.${p.status}`)}
          </Badge>
        ),
      },
      { id: 'ean', header: t('fields.ean'), nowrap: true, cell: (p) => p.ean ?? '—' },
      {
        id: 'actions',
        header: t('list.actions'),
        cell: (p) => (
          <Button asChild size="xs" variant="outline">
            <AppLink to={productPaths.edit(p.id)} aria-label={t('list.editOne', { label: p.label })}>
              {t('list.edit')}
            </AppLink>
          </Button>
        ),
      },
    ],
    [t, money],
  );

  return (
    <ListScreen
      ns="products"
      definition={productList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<Filters value={params.filters} categories={categories} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(p) => p.id}
      rowTestId="product-row"
      totalTestId="products-total"
    />
  );
}

function Filters({ value, categories, onApply }: { value: ProductFilters; categories: CategoryOption[]; onApply(filters: ProductFilters): void }) {
  const { t } = useTranslation('products');
  return (
    <FiltersBar
      ns="products"
      value={value}
      empty={EMPTY_PRODUCT_FILTERS}
      onApply={onApply}
      check={(draft) => {
        const found = priceProblems(draft);
        return {
          filters: draft,
          problems: {
            ...(found.priceMin ? { priceMin: t(`filters.price.${found.priceMin}`) } : {}),
            ...(found.priceMax ? { priceMax: t(`filters.price.${found.priceMax}`) } : {}),
          },
        };
      }}
      fields={(draft, set, problems) => (
        <>
          <TextFilter label={t('filters.name')} value={draft.name} onChange={set('name')} autoComplete="off" />
          <Field.Root minW="0">
            <Field.Label>{t('filters.status')}</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field name="status" value={draft.status} onChange={(e) => set('status')(e.target.value as ProductFilters['status'])}>
                {PRODUCT_STATUS_FILTER.map((status) => (
                  <option key={status} value={status}>
                    {t(`filters.statuses.${status}`)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <TextFilter label={t('filters.priceMin')} value={draft.priceMin} onChange={set('priceMin')} inputMode="decimal" autoComplete="off" error={problems.priceMin ?? null} />
          <TextFilter label={t('filters.priceMax')} value={draft.priceMax} onChange={set('priceMax')} inputMode="decimal" autoComplete="off" error={problems.priceMax ?? null} />
        </>
      )}
      footer={(draft, set) => <CategoryFilter options={categories} chosen={draft.categories} onChange={set('categories')} />}
    />
  );
}

/** The categories filter: a search among the catalogue's categories, each label cut at 40 characters, 30 shown (and those chosen) until all are asked for. */
function CategoryFilter({ options, chosen, onChange }: { options: CategoryOption[]; chosen: string[]; onChange(ids: string[]): void }) {
  const { t } = useTranslation('products');
  const [search, setSearch] = useState('');
  const needle = search.trim().toLocaleLowerCase();
  const matching = options.filter((o) => chosen.includes(o.id) || !needle || o.path.toLocaleLowerCase().includes(needle));
  const list = useLongList(matching, (o) => chosen.includes(o.id));
  const toggle = (id: string, on: boolean) => onChange(on ? [...new Set([...chosen, id])].slice(0, 20) : chosen.filter((c) => c !== id));
  return (
    <Stack gap="2">
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root maxW="sm">
          <Field.Label>{t('filters.categories')}</Field.Label>
          <Input size="sm" value={search} onChange={(e) => setSearch(e.target.value)} placeholder={t('filters.categorySearch')} autoComplete="off" />
        </Field.Root>
        {chosen.length > 0 && (
          <Button size="xs" variant="ghost" onClick={() => onChange([])}>
            {t('filters.clearCategories', { count: chosen.length })}
          </Button>
        )}
      </HStack>
      <Box maxH="48" overflowY="auto" borderWidth="1px" borderRadius="md" p="2" data-testid="category-filter">
        <Stack gap="1">
          {list.shown.map((option) => (
            <Checkbox.Root key={option.id} size="sm" checked={chosen.includes(option.id)} onCheckedChange={(d) => toggle(option.id, d.checked === true)} pl={option.depth * 3}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label title={option.path}>{shortLabel(option.label)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
          <LongListToggle list={list} />
        </Stack>
      </Box>
    </Stack>
  );
}
