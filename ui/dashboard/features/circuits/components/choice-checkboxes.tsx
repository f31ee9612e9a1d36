import { Box, Checkbox, Stack, Text } from '@chakra-ui/react';
import { LongListToggle, useLongList } from '../../../components/long-list';

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

/**
 * A set of checkboxes, one per choice, in the options' order (a long one: its
 * first 30 and those ticked, then all on request): a fieldset, not
 * a Field (a Field gives its one id to every input inside it, and each
 * label would then toggle the first box).
 */
export function ChoiceCheckboxes({ label, options, value, onChange, readOnly, problem, empty, testId }: Props) {
  const list = useLongList(options, (option) => value.includes(option.id));
  return (
    <Box as="fieldset" data-testid={testId} aria-invalid={problem ? true : undefined}>
      <Text as="legend" fontWeight="medium" fontSize="sm" mb="1.5">
        {label}
      </Text>
      <Stack gap="1" maxH="60" overflowY="auto" w="full">
        {options.length === 0 && empty && <Text color="fg.muted">{empty}</Text>}
        {list.shown.map((option) => (
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
        <LongListToggle list={list} />
      </Stack>
      {problem && (
        <Text color="fg.error" fontSize="xs" mt="1" role="alert">
          {problem}
        </Text>
      )}
    </Box>
  );
}

/** "FR, be" → ["FR", "BE"]. */
export function countriesOf(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((code) => code.trim().toUpperCase())
    .filter(Boolean);
}
