import { Button, Field, HStack, Input, Tag, Wrap } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useProductSearch } from '../../buybacks/api/search-products';
import { DISPATCH_LIMITS } from '../types';

interface Props {
  values: string[];
  onChange(values: string[]): void;
  /** The condition's number, in the chosen brands' accessible name. */
  number: number;
}

/** Brands compare whatever their case (the domain's brandKey). */
const sameBrand = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * A condition's brands: typed (a brand the catalogue does not have yet may
 * be meant), the catalogue's brands suggested as they are typed; each one
 * removable.
 */
export function BrandValues({ values, onChange, number }: Props) {
  const { t } = useTranslation('warehouse-dispatch');
  const listId = useId();
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const found = useProductSearch(search);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed), 250);
    return () => clearTimeout(timer);
  }, [typed]);

  const suggestions = useMemo(() => {
    const brands: string[] = [];
    for (const product of found.data ?? []) {
      if (product.brand && !brands.some((b) => sameBrand(b, product.brand as string))) brands.push(product.brand);
    }
    return brands.filter((brand) => !values.some((v) => sameBrand(v, brand)));
  }, [found.data, values]);

  function add() {
    const brand = typed.trim();
    if (!brand) return;
    if (!values.some((v) => sameBrand(v, brand))) onChange([...values, brand]);
    setTyped('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Enter adds the brand rather than submitting the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  return (
    <Field.Root minW="0">
      <Field.Label>{t('form.brand')}</Field.Label>
      <HStack gap="2" w="full">
        <Input
          size="sm"
          value={typed}
          list={listId}
          maxLength={DISPATCH_LIMITS.valueLength}
          autoComplete="off"
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={onKeyDown}
          flex="1"
          minW="0"
        />
        <Button size="sm" variant="outline" onClick={add} disabled={typed.trim() === ''}>
          {t('form.addBrand')}
        </Button>
      </HStack>
      <datalist id={listId}>
        {suggestions.map((brand) => (
          <option key={brand} value={brand} />
        ))}
      </datalist>
      <Field.HelperText>{t('form.brandHelp')}</Field.HelperText>
      {values.length > 0 && (
        <Wrap gap="2" mt="1" as="ul" aria-label={t('form.brandsChosen', { number })} listStyleType="none">
          {values.map((brand) => (
            <Tag.Root as="li" key={brand} size="lg" colorPalette="brand">
              <Tag.Label>{brand}</Tag.Label>
              <Tag.EndElement>
                <Tag.CloseTrigger aria-label={t('form.removeBrand', { brand })} onClick={() => onChange(values.filter((v) => v !== brand))} />
              </Tag.EndElement>
            </Tag.Root>
          ))}
        </Wrap>
      )}
    </Field.Root>
  );
}
