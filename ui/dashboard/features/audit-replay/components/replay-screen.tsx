import { Button, SimpleGrid, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { useReplay } from '../api/get-replay';
import { momentFromSearch, searchOfMoment, type Moment } from '../moment';
import { replayPaths } from '../paths';
import { BuybackState } from './buyback-state';
import { EventTimeline } from './event-timeline';
import { ItemState } from './item-state';
import { MomentControls } from './moment-controls';
import { ShareLinkButton } from './share-link-button';
import { useReplayWording } from './use-replay-wording';

/**
 * A buyback replayed: the moment shown (kept in the address, so the link
 * shows the same to whoever opens it), the buyback and its item as they were
 * then, and every event of both in order, the later ones greyed.
 */
export function ReplayScreen({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation('audit-replay');
  const [search, setSearch] = useSearchParams();
  const moment = momentFromSearch(search);
  const replay = useReplay(buybackId, moment);
  const searchCrumb = { label: t('search.title'), to: replayPaths.search };

  if (replay.isPending) return <LoadingStatus size="lg" py="16" />;
  if (replay.isError) return <DetailLoadFailed error={replay.error} listCrumb={searchCrumb} ns="audit-replay" />;
  const go = (next: Moment) => setSearch(new URLSearchParams(searchOfMoment(next)), { replace: true });
  return <Loaded replay={replay.data} moment={moment} fetching={replay.isFetching} onMoment={go} searchCrumb={searchCrumb} />;
}

interface LoadedProps {
  replay: NonNullable<ReturnType<typeof useReplay>['data']>;
  moment: Moment;
  fetching: boolean;
  onMoment(next: Moment): void;
  searchCrumb: { label: string; to: string };
}

function Loaded({ replay, moment, fetching, onMoment, searchCrumb }: LoadedProps) {
  const { t } = useTranslation('audit-replay');
  const can = useCan();
  const words = useReplayWording(replay);
  const code = formatIdentificationNumber(replay.identificationNumber);
  return (
    <Page
      title={t('replay.title', { code })}
      breadcrumbs={[searchCrumb, { label: code }]}
      actions={
        <>
          <ShareLinkButton />
          {can('buyback.read') && (
            <Button asChild variant="outline">
              <RouterLink to={replayPaths.buyback(replay.buybackId)}>{t('replay.openBuyback')}</RouterLink>
            </Button>
          )}
        </>
      }
    >
      <Stack gap="6">
        <MomentControls replay={replay} moment={moment} fetching={fetching} onMoment={onMoment} />
        <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5" aria-busy={fetching}>
          <BuybackState state={replay.state.buyback} words={words} />
          <ItemState state={replay.state.item} words={words} />
        </SimpleGrid>
        <EventTimeline replay={replay} words={words} onShowAfter={(index) => onMoment({ kind: 'upTo', upTo: index + 1 })} />
      </Stack>
    </Page>
  );
}
