import { Box, Button, Checkbox, Field, Fieldset, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useEffect, useRef, useState, type ComponentProps, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets one filter of the draft. */
export type SetFilter<F> = <K extends keyof F>(name: K) => (value: F[K]) => void;

interface FiltersBarProps<F> {
  /** The feature's namespace: `filters.title`, `filters.apply`, `filters.reset`. */
  ns: string;
  /** The filters applied (the URL's). */
  value: F;
  /** What Reset applies. */
  empty: F;
  onApply(filters: F): void;
  /** Checks and tidies the draft before it is applied; problems by filter name keep it from being applied. */
  check?(draft: F): { filters: F; problems: Partial<Record<keyof F, string>> };
  /** The fields, in a responsive grid, drawn from the draft. */
  fields(draft: F, set: SetFilter<F>, problems: Partial<Record<keyof F, string>>): ReactNode;
  /** Below the grid, full width (groups of checkboxes). */
  footer?(draft: F, set: SetFilter<F>): ReactNode;
}

/**
 * A list's filters bar: the fields edit a draft; Filter applies it (to the
 * URL), Reset empties both; Back and Forward bring the draft along.
 */
export function FiltersBar<F extends object>({ ns, value, empty, onApply, check, fields, footer }: FiltersBarProps<F>) {
  const { t } = useTranslation(ns);
  const [draft, setDraft] = useState<F>(value);
  const [problems, setProblems] = useState<Partial<Record<keyof F, string>>>({});

  // Back, Forward or a link change the URL: the form follows. Not when the URL only comes to say what this form
  // applied itself (Filter, Reset): what was typed since (on a slow device, before the list had re-rendered) stays.
  const applied = useRef<string | null>(null);
  useEffect(() => {
    const fromForm = applied.current === JSON.stringify(value);
    applied.current = null;
    if (!fromForm) setDraft(value);
  }, [value]);

  const set: SetFilter<F> = (name) => (next) => setDraft((current) => ({ ...current, [name]: next }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check ? check(draft) : { filters: draft, problems: {} };
    setProblems(checked.problems);
    if (Object.values(checked.problems).some(Boolean)) return;
    applied.current = JSON.stringify(checked.filters);
    onApply(checked.filters);
  }

  function reset() {
    setDraft(empty);
    setProblems({});
    applied.current = JSON.stringify(empty);
    onApply(empty);
  }

  return (
    <Box as="form" role="search" aria-label={t('filters.title')} onSubmit={submit} bg="bg" borderWidth="1px" borderRadius="md" p="4" mb="4">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2, lg: 4 }} gap="3" minW="0">
          {fields(draft, set, problems)}
        </SimpleGrid>
        {footer?.(draft, set)}
        <HStack gap="2" justify="flex-end" wrap="wrap">
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

/** A choice out of a list, "all" first. */
export function SelectFilter({
  label,
  value,
  onChange,
  all,
  options,
}: {
  label: string;
  value: string;
  onChange(value: string): void;
  all: string;
  options: ReadonlyArray<{ id: string; label: string }>;
}) {
  return (
    <Field.Root minW="0">
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

/** A text (or date) field, with its problem under it. */
export function TextFilter({
  label,
  value,
  onChange,
  error,
  children,
  ...input
}: { label: string; value: string; onChange(value: string): void; error?: string | null; children?: ReactNode } & Omit<ComponentProps<typeof Input>, 'value' | 'onChange'>) {
  return (
    <Field.Root invalid={!!error} minW="0">
      <Field.Label>{label}</Field.Label>
      <Input size="sm" value={value} onChange={(e) => onChange(e.target.value)} {...input} />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
      {children}
    </Field.Root>
  );
}

/** Several choices at once, as checkboxes in a row that wraps. */
export function CheckboxGroupFilter({
  legend,
  options,
}: {
  legend: string;
  options: ReadonlyArray<{ id: string; label: string; checked: boolean; onChange(checked: boolean): void }>;
}) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontSize="sm" fontWeight="medium">
        {legend}
      </Fieldset.Legend>
      <Fieldset.Content>
        <HStack gap="4" wrap="wrap">
          {options.map((option) => (
            <Checkbox.Root key={option.id} size="sm" checked={option.checked} onCheckedChange={(details) => option.onChange(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{option.label}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </HStack>
      </Fieldset.Content>
    </Fieldset.Root>
  );
}
