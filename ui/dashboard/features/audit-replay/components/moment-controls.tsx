import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { viewerTimeZone } from '../../../components/list';
import { formatInstant, momentFromSearch, type Moment } from '../moment';
import type { Replay } from '../replay-data';
import { MomentPicker } from './moment-picker';

interface Props {
  replay: Replay;
  moment: Moment;
  fetching: boolean;
  onMoment(next: Moment): void;
}

/**
 * Where the replay stands (event n of N, at what time, in the viewer's time
 * zone), the steps event by event, and a moment to pick. A step button that
 * becomes unusable (the first or the last event reached) hands the focus to
 * the position, read out as it changes.
 */
export function MomentControls({ replay, moment, fetching, onMoment }: Props) {
  const { t, i18n } = useTranslation(['audit-replay', 'common']);
  const position = useRef<HTMLParagraphElement>(null);
  const total = replay.events.length;
  const applied = replay.applied;
  // The steps start from the moment asked (the address), not from the replay shown: while the next one loads (and
  // before the router has rendered the address it just wrote), the screen still shows the one before, and a second
  // click must go on from where the first led. The address is read when the button is pressed.
  const stepFrom = moment.kind === 'upTo' ? Math.min(moment.upTo, total) : applied;
  const step = (delta: number) => {
    const asked = momentFromSearch(new URLSearchParams(window.location.search));
    const from = asked.kind === 'upTo' ? Math.min(asked.upTo, total) : stepFrom;
    onMoment({ kind: 'upTo', upTo: Math.min(total, Math.max(1, from + delta)) });
  };
  const at = formatInstant(replay.at, i18n.language);

  const shownBefore = useRef<string | null>(null);
  useEffect(() => {
    const now = `${moment.kind}:${applied}`;
    // After a step (not on arrival), when the button that had the focus became unusable.
    const active = document.activeElement;
    const lost = active === null || active === document.body || (active instanceof HTMLButtonElement && active.disabled);
    if (shownBefore.current !== null && shownBefore.current !== now && lost) position.current?.focus();
    shownBefore.current = now;
  }, [applied, moment.kind]);

  const where =
    moment.kind === 'now'
      ? t('moment.positionNow', { at, total })
      : applied === 0
        ? t('moment.positionNone', { at })
        : moment.kind === 'upTo'
          ? t('moment.positionUpTo', { at, applied, total })
          : t('moment.positionAt', { at, applied, total });

  return (
    <Box as="section" aria-labelledby="replay-moment" bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 5 }}>
      <Stack gap="4">
        <Flex justify="space-between" align="center" gap="2">
          <Heading as="h2" size="md" id="replay-moment">
            {t('moment.title')}
          </Heading>
          {fetching && (
            <Box role="status">
              <Spinner size="sm" aria-hidden />
              <VisuallyHidden>{t('common:states.loading')}</VisuallyHidden>
            </Box>
          )}
        </Flex>
        <Box>
          <Text ref={position} tabIndex={-1} outline="none" fontWeight="semibold" aria-live="polite" data-testid="replay-position">
            {where}
          </Text>
          <Text fontSize="sm" color="fg.muted">
            {t('moment.timeZone', { zone: viewerTimeZone() ?? 'UTC' })}
          </Text>
        </Box>
        <HStack gap="2" wrap="wrap" role="group" aria-label={t('moment.steps')}>
          <Button variant="outline" size="sm" disabled={stepFrom <= 1} onClick={() => onMoment({ kind: 'upTo', upTo: 1 })}>
            {t('moment.first')}
          </Button>
          <Button variant="outline" size="sm" disabled={stepFrom <= 1} onClick={() => step(-1)}>
            {t('moment.previous')}
          </Button>
          <Button variant="outline" size="sm" disabled={stepFrom >= total} onClick={() => step(1)}>
            {t('moment.next')}
          </Button>
          <Button variant="outline" size="sm" disabled={moment.kind === 'now'} onClick={() => onMoment({ kind: 'now' })}>
            {t('moment.latest')}
          </Button>
        </HStack>
        <MomentPicker at={replay.at} onPick={(picked) => onMoment({ kind: 'at', at: picked })} />
      </Stack>
    </Box>
  );
}
