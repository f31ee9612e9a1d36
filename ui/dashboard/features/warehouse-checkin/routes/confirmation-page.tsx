import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { Alert, Box, Heading, Stack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { AppLink, Page } from '../../../components/page';
import { useItem } from '../../../components/warehouse-item/api/get-item';
import { CheckedInCard } from '../components/checked-in-card';
import { checkedInEntry, CheckInPanel } from '../components/check-in-panel';
import { useSessionLog } from '../components/use-session-log';
import { checkInPaths } from '../paths';
import { LoadingStatus } from '../../../components/loading-status';

/**
 * /warehouse/confirmation-checkin/{itemId}: what one check-in registered,
 * and the field for the next parcel (it has the focus): the next code opens
 * its own confirmation.
 */
export function Component() {
  const { t } = useTranslation('warehouse-checkin');
  const { itemId = '' } = useParams();
  const navigate = useNavigate();
  const { log, add } = useSessionLog();
  const found = useItem(itemId);
  const registered = (item: ItemView, latest: boolean) => {
    add(checkedInEntry(item));
    if (latest) void navigate(checkInPaths.confirmation(item.id));
  };
  return (
    <Page title={t('confirmation.title')} breadcrumbs={[{ label: t('title'), to: checkInPaths.checkIn }, { label: t('confirmation.title') }]}>
      <Stack gap={{ base: 6, md: 8 }} maxW="4xl">
        {found.isError ? (
          <ApiErrorAlert error={found.error} onRetry={() => void found.refetch()} />
        ) : !found.data ? (
          <LoadingStatus />
        ) : found.data.item.receivedAt === null ? (
          <Alert.Root status="info" role="alert">
            <Alert.Indicator />
            <Alert.Description>{t('confirmation.notReceived')}</Alert.Description>
          </Alert.Root>
        ) : (
          <CheckedInCard key={found.data.item.id} item={found.data.item} title={t('confirmation.done')} />
        )}
        <Box as="section" aria-labelledby="next-parcel">
          <Heading as="h2" size="md" id="next-parcel" mb={3}>
            {t('confirmation.next')}
          </Heading>
          <CheckInPanel key={itemId} log={log} onRegistered={registered} />
        </Box>
        <Box>
          <AppLink to={checkInPaths.checkIn}>{t('confirmation.back')}</AppLink>
        </Box>
      </Stack>
    </Page>
  );
}
