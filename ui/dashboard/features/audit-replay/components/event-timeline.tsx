import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { Replay, ReplayWording } from '../replay-data';
import { EventEntry } from './event-entry';

interface Props {
  replay: Replay;
  words: ReplayWording;
  /** Show the state just after this event (`upTo` = its index + 1). */
  onShowAfter(index: number): void;
}

/**
 * Every event of the buyback and its item, in the order they were written:
 * those up to the moment shown, then the later ones, greyed. An event caused
 * by another (the item following its buyback, or the reverse) sits under its
 * cause, indented and linked to it.
 */
export function EventTimeline({ replay, words, onShowAfter }: Props) {
  const { t } = useTranslation('audit-replay');
  const total = replay.events.length;
  return (
    <Box as="section" aria-labelledby="replay-events">
      <Heading as="h2" size="md" id="replay-events" mb="1">
        {t('events.title', { count: total })}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {t('events.intro')}
      </Text>
      <Stack as="ol" gap="3" listStyleType="none" m="0" p="0" data-testid="replay-events">
        {replay.events.map((event) => (
          <EventEntry
            key={event.index}
            event={event}
            words={words}
            current={event.applied && event.index === replay.applied - 1}
            onShowAfter={() => onShowAfter(event.index)}
          />
        ))}
      </Stack>
    </Box>
  );
}
