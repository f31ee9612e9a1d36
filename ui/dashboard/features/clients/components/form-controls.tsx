import { Checkbox, Field, Fieldset, Input, NativeSelect, SimpleGrid, Textarea } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface TextProps {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  help?: string;
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  inputMode?: 'text' | 'numeric' | 'decimal' | 'url';
}

/** A labelled text input, its error (or help) below it. */
export function TextField({ name, label, value, onChange, error, help, required, disabled, multiline, inputMode }: TextProps) {
  return (
    <Field.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {multiline ? (
        <Textarea name={name} value={value} onChange={(e) => onChange(e.target.value)} rows={4} />
      ) : (
        <Input name={name} value={value} autoComplete="off" inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : help ? <Field.HelperText>{help}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** A labelled select among `options`. */
export function SelectField<T extends string>({ name, label, value, options, text, onChange, disabled }: { name: string; label: string; value: T; options: readonly T[]; text(value: T): string; onChange(value: T): void; disabled?: boolean }) {
  return (
    <Field.Root disabled={disabled}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} value={value} onChange={(e) => onChange(e.target.value as T)}>
          {options.map((option) => (
            <option key={option} value={option}>
              {text(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** One checkbox. */
export function CheckField({ name, label, checked, onChange, disabled }: { name: string; label: ReactNode; checked: boolean; onChange(checked: boolean): void; disabled?: boolean }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(details) => onChange(details.checked === true)} disabled={disabled}>
      <Checkbox.HiddenInput name={name} />
      <Checkbox.Control />
      <Checkbox.Label>{label}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/** The values chosen among `options`, one checkbox each. */
export function CheckGroup<T extends string>({ name, legend, options, value, text, onChange, error, disabled }: { name: string; legend: string; options: readonly T[]; value: readonly string[]; text(option: T): string; onChange(value: string[]): void; error?: string | undefined; disabled?: boolean }) {
  return (
    <Fieldset.Root invalid={Boolean(error)}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2" data-testid={`${name}-options`}>
        {options.map((option) => (
          <CheckField
            key={option}
            name={`${name}.${option}`}
            label={text(option)}
            checked={value.includes(option)}
            disabled={disabled}
            onChange={(checked) => onChange(checked ? [...value.filter((v) => v !== option), option] : value.filter((v) => v !== option))}
          />
        ))}
      </SimpleGrid>
      {error && <Fieldset.ErrorText>{error}</Fieldset.ErrorText>}
    </Fieldset.Root>
  );
}
