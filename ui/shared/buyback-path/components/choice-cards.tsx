import { RadioCard, Stack } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';

export interface Choice {
  value: string;
  label: string;
  description?: string | null;
  /** A line that stands out under the description (what the customer is paid by this mode). */
  detail?: string | null;
}

interface ChoiceCardsProps {
  name: string;
  value: string | null;
  choices: readonly Choice[];
  onChange(value: string | null): void;
  /** The id of the legend that names the group. */
  labelledBy: string;
}

/** One choice among cards (answers, transport modes, payment modes), each with its label, optional description and detail. */
export function ChoiceCards({ name, value, choices, onChange, labelledBy }: ChoiceCardsProps) {
  const root = useRef<HTMLDivElement>(null);
  // Zag checks the hidden radio of a value it is given later, but not of one given as the page hydrates (a stored
  // answer replacing the server's unanswered page): that radio would tell assistive technology "not checked" under a
  // checked card. Each input's `checked` follows the value.
  useEffect(() => {
    for (const input of root.current?.querySelectorAll<HTMLInputElement>('input[type="radio"]') ?? []) input.checked = input.value === value;
  }, [value]);
  return (
    <RadioCard.Root
      ref={root}
      name={name}
      value={value}
      onValueChange={(details) => onChange(details.value)}
      aria-labelledby={labelledBy}
      colorPalette="brand"
      variant="outline"
    >
      <Stack gap={3}>
        {choices.map((choice) => (
          <RadioCard.Item key={choice.value} value={choice.value}>
            <RadioCard.ItemHiddenInput />
            <RadioCard.ItemControl>
              <RadioCard.ItemContent>
                <RadioCard.ItemText>{choice.label}</RadioCard.ItemText>
                {choice.description && <RadioCard.ItemDescription>{choice.description}</RadioCard.ItemDescription>}
                {choice.detail && (
                  <RadioCard.ItemDescription fontWeight="semibold" color="fg" data-testid="choice-detail">
                    {choice.detail}
                  </RadioCard.ItemDescription>
                )}
              </RadioCard.ItemContent>
              <RadioCard.ItemIndicator />
            </RadioCard.ItemControl>
          </RadioCard.Item>
        ))}
      </Stack>
    </RadioCard.Root>
  );
}
