import { Checkbox, Field, Stack, Text } from '@chakra-ui/react';

interface Props {
  label: string;
  options: ReadonlyArray<{ id: string; label: string }>;
  value: readonly string[];
  onChange(value: string[]): void;
  readOnly: boolean;
  problem?: string | undefined;
  empty?: string;
  testId?: string;
}

/** A set of checkboxes, one per choice, in the options' order. */
export function ChoiceCheckboxes({ label, options, value, onChange, readOnly, problem, empty, testId }: Props) {
  return (
    <Field.Root invalid={Boolean(problem)} data-testid={testId}>
      <Field.Label>{label}</Field.Label>
      <Stack gap="1" maxH="60" overflowY="auto" w="full">
        {options.length === 0 && empty && <Text color="fg.muted">{empty}</Text>}
        {options.map((option) => (
          <Checkbox.Root
            key={option.id}
            checked={value.includes(option.id)}
            disabled={readOnly}
            onCheckedChange={(e) => onChange(e.checked === true ? [...value, option.id] : value.filter((id) => id !== option.id))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{option.label}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </Stack>
      {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
    </Field.Root>
  );
}

/** "FR, be" → ["FR", "BE"]. */
export function countriesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}
