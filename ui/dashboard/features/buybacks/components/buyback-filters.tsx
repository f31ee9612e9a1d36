import { Box, Button, Checkbox, Field, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuybackReferences } from '../api/get-buyback-references';
import { EMPTY_FILTERS, type BuybackFilters as Filters } from '../list-params';
import { STATUS_CAPTIONS, STATUSES_BY_CAPTION, type StatusCaption } from '../statuses';
import type { BuybackReferences } from '../types';
import { ProductFilter } from './product-filter';

interface Props {
  value: Filters;
  onApply: (filters: Filters) => void;
}

/** Categories as a tree, children indented under their parent. */
function categoryOptions(categories: BuybackReferences['categories']): Array<{ id: string; label: string }> {
  const children = new Map<string | null, BuybackReferences['categories']>();
  for (const category of categories) children.set(category.parentId, [...(children.get(category.parentId) ?? []), category]);
  const known = new Set(categories.map((c) => c.id));
  const roots = categories.filter((c) => c.parentId === null || !known.has(c.parentId));
  const out: Array<{ id: string; label: string }> = [];
  const walk = (nodes: BuybackReferences['categories'], depth: number) => {
    for (const node of nodes) {
      out.push({ id: node.id, label: `${'\u2003'.repeat(depth)}${node.label}` });
      walk(children.get(node.id) ?? [], depth + 1);
    }
  };
  walk(roots, 0);
  return out;
}

function SelectFilter({ label, value, onChange, all, options }: { label: string; value: string; onChange: (value: string) => void; all: string; options: Array<{ id: string; label: string }> }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          <option value="">{all}</option>
          {options.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

function TextFilter({ label, value, onChange, error, children, ...input }: { label: string; value: string; onChange: (value: string) => void; error?: string | null; children?: ReactNode } & Omit<ComponentProps<typeof Input>, 'value' | 'onChange'>) {
  return (
    <Field.Root invalid={!!error}>
      <Field.Label>{label}</Field.Label>
      <Input size="sm" value={value} onChange={(e) => onChange(e.target.value)} {...input} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {children}
    </Field.Root>
  );
}

/** The list's filters: edited here, applied to the URL on submit. */
export function BuybackFilters({ value, onApply }: Props) {
  const { t } = useTranslation('buybacks');
  const references = useBuybackReferences().data;
  const [draft, setDraft] = useState<Filters>(value);
  const [codeError, setCodeError] = useState<string | null>(null);
  const [periodError, setPeriodError] = useState<string | null>(null);

  // Back, Forward or a link change the URL: the form follows.
  useEffect(() => setDraft(value), [value]);

  const set = <K extends keyof Filters>(name: K) => (next: Filters[K]) => setDraft((current) => ({ ...current, [name]: next }));

  function toggleCaption(caption: StatusCaption, checked: boolean) {
    const statuses = STATUSES_BY_CAPTION[caption];
    setDraft((current) => ({
      ...current,
      status: checked ? [...new Set([...current.status, ...statuses])] : current.status.filter((s) => !statuses.includes(s)),
    }));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const code = draft.identificationNumber.replace(/\s+/g, '');
    const badCode = code !== '' && !/^\d{1,13}$/.test(code) ? t('filters.errors.code') : null;
    const badPeriod = draft.from && draft.to && draft.from > draft.to ? t('filters.errors.period') : null;
    setCodeError(badCode);
    setPeriodError(badPeriod);
    if (badCode || badPeriod) return;
    onApply({ ...draft, identificationNumber: code });
  }

  function reset() {
    setDraft(EMPTY_FILTERS);
    setCodeError(null);
    setPeriodError(null);
    onApply(EMPTY_FILTERS);
  }

  const named = (list: Array<{ id: string; name: string }> | undefined) => (list ?? []).map((item) => ({ id: item.id, label: item.name }));

  return (
    <Box as="form" role="search" aria-label={t('filters.title')} onSubmit={submit} bg="bg" borderWidth="1px" borderRadius="md" p="4" mb="4">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3">
          <TextFilter
            label={t('filters.code')}
            value={draft.identificationNumber}
            onChange={set('identificationNumber')}
            inputMode="numeric"
            autoComplete="off"
            error={codeError}
          />
          <TextFilter label={t('filters.customerName')} value={draft.customerName} onChange={set('customerName')} autoComplete="off" />
          <TextFilter label={t('filters.from')} type="date" value={draft.from} onChange={set('from')} error={periodError} />
          <TextFilter label={t('filters.to')} type="date" value={draft.to} onChange={set('to')} />
          <SelectFilter
            label={t('filters.channel')}
            value={draft.channel}
            onChange={set('channel')}
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
            options={(references?.circuits ?? []).map((c) => ({ id: c.id, label: `${c.name} (${t(`channels.${c.channel}`)})` }))}
          />
          {(references?.stores.length ?? 0) > 1 && (
            <SelectFilter label={t('filters.store')} value={draft.storeId} onChange={set('storeId')} all={t('filters.all')} options={named(references?.stores)} />
          )}
          {(references?.warehouses.length ?? 0) > 1 && (
            <SelectFilter label={t('filters.warehouse')} value={draft.warehouseId} onChange={set('warehouseId')} all={t('filters.all')} options={named(references?.warehouses)} />
          )}
          {(references?.buyers.length ?? 0) > 1 && (
            <SelectFilter label={t('filters.buyer')} value={draft.buyerId} onChange={set('buyerId')} all={t('filters.all')} options={named(references?.buyers)} />
          )}
          <SelectFilter
            label={t('filters.category')}
            value={draft.categoryId}
            onChange={set('categoryId')}
            all={t('filters.all')}
            options={categoryOptions(references?.categories ?? [])}
          />
          <ProductFilter value={draft.productId} onChange={set('productId')} />
          <TextFilter label={t('filters.brand')} value={draft.brand} onChange={set('brand')} autoComplete="off" />
        </SimpleGrid>
        <Fieldset.Root>
          <Fieldset.Legend fontSize="sm" fontWeight="medium">
            {t('filters.status')}
          </Fieldset.Legend>
          <Fieldset.Content>
            <HStack gap="4" wrap="wrap">
              {STATUS_CAPTIONS.map((caption) => (
                <Checkbox.Root
                  key={caption}
                  size="sm"
                  checked={STATUSES_BY_CAPTION[caption].every((s) => draft.status.includes(s))}
                  onCheckedChange={(details) => toggleCaption(caption, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t(`statuses.${caption}`)}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Fieldset.Content>
        </Fieldset.Root>
        <HStack gap="2" justify="flex-end">
          <Button type="button" variant="outline" size="sm" onClick={reset}>
            {t('filters.reset')}
          </Button>
          <Button type="submit" size="sm" colorPalette="brand">
            {t('filters.apply')}
          </Button>
        </HStack>
      </Stack>
    </Box>
  );
}
