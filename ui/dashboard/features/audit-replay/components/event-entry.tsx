import { Badge, Box, Button, chakra, Flex, Link, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Facts } from '../../../components/facts';
import { eventFacts } from '../event-facts';
import { formatInstant } from '../moment';
import type { ReplayEvent, ReplayWording } from '../replay-data';
import { actorKind, storyOf } from '../story';

interface Props {
  event: ReplayEvent;
  words: ReplayWording;
  /** The last event applied: the state shown is the one just after it. */
  current: boolean;
  onShowAfter(): void;
}

/**
 * One event: its number and time, the sentence that tells it, who did it and
 * from which organization, what changed and why, the facts as recorded, and
 * the way to the state just after it. A later event than the moment shown is
 * greyed (dashed, muted, and said so); an event caused by another is indented
 * under it, with a link to it.
 */
export function EventEntry({ event, words, current, onShowAfter }: Props) {
  const { t, i18n } = useTranslation('audit-replay');
  const number = event.index + 1;
  const caused = event.causedBy !== null;
  return (
    <Box
      as="li"
      id={`replay-event-${number}`}
      tabIndex={-1}
      aria-current={current ? 'step' : undefined}
      data-testid="replay-event"
      data-applied={event.applied}
      data-type={event.type}
      ms={caused ? { base: '4', md: '10' } : '0'}
      p={{ base: '3', md: '4' }}
      borderWidth="1px"
      borderStartWidth={caused ? '4px' : '1px'}
      borderStyle={event.applied ? 'solid' : 'dashed'}
      borderColor={current ? 'brand.solid' : event.applied ? 'border' : 'border.emphasized'}
      borderRadius="md"
      bg={event.applied ? 'bg' : 'bg.muted'}
      color={event.applied ? 'fg' : 'fg.muted'}
    >
      {caused && (
        <Text fontSize="sm" mb="1">
          <span aria-hidden>↳ </span>
          <Link href={`#replay-event-${(event.causedBy as number) + 1}`} color="inherit" textDecoration="underline">
            {t('events.causedBy', { number: (event.causedBy as number) + 1 })}
          </Link>
        </Text>
      )}
      <Flex gap="2" align="center" wrap="wrap" mb="1" fontSize="sm">
        <Badge variant="outline">#{number}</Badge>
        <chakra.time dateTime={event.at} fontVariantNumeric="tabular-nums">
          {formatInstant(event.at, i18n.language)}
        </chakra.time>
        <Badge colorPalette={event.stream === 'buyback' ? 'blue' : 'purple'}>{t(`events.streams.${event.stream}`)}</Badge>
        {!event.applied && <Badge>{t('events.later')}</Badge>}
        {current && <Badge colorPalette="brand">{t('events.current')}</Badge>}
      </Flex>
      <Text fontWeight="medium" data-testid="replay-story">
        {storyOf(event, words)}
      </Text>
      <Text fontSize="sm" mb="2" data-testid="replay-who">
        <ByLine event={event} />
      </Text>
      <Box mb="2">
        <Facts items={eventFacts(event, words).map((fact) => [fact.label, fact.value])} />
      </Box>
      <Flex gap="3" align="center" wrap="wrap">
        <Button size="xs" variant="outline" onClick={onShowAfter} disabled={current}>
          {t('events.showAfter')}
          <VisuallyHidden>{t('events.number', { number })}</VisuallyHidden>
        </Button>
        <chakra.details fontSize="sm" minW="0" maxW="full">
          <chakra.summary cursor="pointer">{t('events.recorded')}</chakra.summary>
          <chakra.pre whiteSpace="pre-wrap" overflowWrap="anywhere" fontSize="xs" mt="1" p="2" bg="bg.subtle" borderRadius="sm">
            {JSON.stringify(event.data, null, 2)}
          </chakra.pre>
        </chakra.details>
      </Flex>
    </Box>
  );
}

/** "By: Nadia Robert (Demo Warehouse Orléans)", "By: the customer (Demo Store Paris)", "By: the platform". */
function ByLine({ event }: { event: ReplayEvent }) {
  const { t } = useTranslation('audit-replay');
  const kind = actorKind(event);
  const who = kind === 'user' && event.user ? event.user.name : t(`events.actors.${kind}`);
  return event.organization ? t('events.byAt', { who, organization: event.organization.name }) : t('events.by', { who });
}
