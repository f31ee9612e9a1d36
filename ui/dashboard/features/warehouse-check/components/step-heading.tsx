import { Heading, Stack, Text } from '@chakra-ui/react';
import { useCallback } from 'react';

/** A step's title (and what to do there); focused on arrival unless a field of the step takes the focus, so a screen reader says where the user is. */
export function StepHeading({ title, intro, focus = true }: { title: string; intro?: string; focus?: boolean }) {
  const focusOnArrival = useCallback((element: HTMLElement | null) => element?.focus({ preventScroll: false }), []);
  return (
    <Stack gap={2}>
      <Heading as="h2" size="xl" ref={focus ? focusOnArrival : undefined} tabIndex={-1} outline="none">
        {title}
      </Heading>
      {intro && <Text>{intro}</Text>}
    </Stack>
  );
}
