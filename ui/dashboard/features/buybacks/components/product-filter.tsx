import { Combobox, Portal, createListCollection } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProduct, useProductSearch, type ProductSummary } from '../api/search-products';

/** The product filter: type part of a name, brand or EAN, pick a product. */
export function ProductFilter({ value, onChange }: { value: string; onChange: (productId: string) => void }) {
  const { t } = useTranslation('buybacks');
  const selected = useProduct(value);
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const found = useProductSearch(search);

  // The URL names the product by id: show its label once known.
  useEffect(() => {
    if (!value) setInput('');
    else if (selected.data) setInput(selected.data.label);
  }, [value, selected.data]);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(timer);
  }, [input]);

  const items = useMemo<ProductSummary[]>(() => {
    const list = search.trim().length >= 2 ? (found.data ?? []) : [];
    return selected.data && !list.some((p) => p.id === selected.data.id) ? [selected.data, ...list] : list;
  }, [found.data, search, selected.data]);
  const collection = useMemo(
    () => createListCollection({ items, itemToString: (item) => item.label, itemToValue: (item) => item.id }),
    [items],
  );

  return (
    <Combobox.Root
      collection={collection}
      value={value ? [value] : []}
      inputValue={input}
      onInputValueChange={(details) => {
        setInput(details.inputValue);
        if (!details.inputValue) onChange('');
      }}
      onValueChange={(details) => onChange(details.value[0] ?? '')}
      openOnClick={false}
      inputBehavior="autohighlight"
      selectionBehavior="replace"
      size="sm"
    >
      <Combobox.Label>{t('filters.product')}</Combobox.Label>
      <Combobox.Control>
        <Combobox.Input placeholder={t('filters.productPlaceholder')} />
        <Combobox.IndicatorGroup>
          <Combobox.ClearTrigger aria-label={t('filters.clearProduct')} />
        </Combobox.IndicatorGroup>
      </Combobox.Control>
      <Portal>
        <Combobox.Positioner>
          <Combobox.Content>
            <Combobox.Empty>{search.trim().length >= 2 ? t('filters.noProduct') : t('filters.typeTwoLetters')}</Combobox.Empty>
            {collection.items.map((item) => (
              <Combobox.Item key={item.id} item={item}>
                <Combobox.ItemText>
                  {item.label}
                </Combobox.ItemText>
                <Combobox.ItemIndicator />
              </Combobox.Item>
            ))}
          </Combobox.Content>
        </Combobox.Positioner>
      </Portal>
    </Combobox.Root>
  );
}
