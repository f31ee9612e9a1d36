import { Field, Input, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

/** One text field of the entity's form: its label, its value, its refusal or its help. */
export function TextField(props: {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  problem: string | undefined;
  help?: string;
  required?: boolean;
  disabled: boolean;
  inputMode?: 'decimal' | 'email' | 'text';
}) {
  return (
    <Field.Root invalid={Boolean(props.problem)} required={props.required} disabled={props.disabled} flex="1" minW="48">
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <Input name={props.name} value={props.value} autoComplete="off" inputMode={props.inputMode} onChange={(e) => props.onChange(e.target.value)} />
      {props.problem ? <Field.ErrorText>{props.problem}</Field.ErrorText> : props.help ? <Field.HelperText>{props.help}</Field.HelperText> : null}
    </Field.Root>
  );
}

/** A choice among fixed options (a select), with its refusal. */
export function ChoiceField<V extends string>(props: {
  name: string;
  label: string;
  value: V;
  options: ReadonlyArray<{ value: V; label: string }>;
  onChange(value: V): void;
  problem?: string | undefined;
  required?: boolean;
  disabled: boolean;
  placeholder?: string;
  help?: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(props.problem)} required={props.required} disabled={props.disabled} flex="1" minW="48">
      <Field.Label>
        {props.label}
        {props.required && <Field.RequiredIndicator />}
      </Field.Label>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
          {props.placeholder !== undefined && <option value="">{props.placeholder}</option>}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {props.problem ? <Field.ErrorText>{props.problem}</Field.ErrorText> : props.help ? <Field.HelperText>{props.help}</Field.HelperText> : null}
    </Field.Root>
  );
}
