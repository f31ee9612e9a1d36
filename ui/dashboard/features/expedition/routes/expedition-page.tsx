import { Box, Button, Heading, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { NoStoreNotice } from '../../../components/no-store-notice';
import { Page } from '../../../components/page';
import { AwaitingList } from '../components/awaiting-list';
import { PackagesList } from '../components/packages-list';
import { expeditionPaths } from '../paths';

/** /expedition: the store's devices waiting to leave, its packages, and the way to a new shipment. */
export function Component() {
  const { t } = useTranslation('expedition');
  const { storeId } = useAppEnvironment();
  return (
    <Page
      title={t('title')}
      breadcrumbs={[{ label: t('title') }]}
      actions={
        storeId && (
          <Button asChild colorPalette="brand">
            <RouterLink to={expeditionPaths.start}>{t('actions.start')}</RouterLink>
          </Button>
        )
      }
    >
      <Stack gap={{ base: 6, md: 8 }} minW="0">
        {storeId ? <Text>{t('intro')}</Text> : <NoStoreNotice namespace="expedition" />}
        <Box as="section" aria-labelledby="awaiting-title" minW="0">
          <Heading as="h2" size="lg" id="awaiting-title" mb="3">
            {t('awaiting.title')}
          </Heading>
          <AwaitingList />
        </Box>
        <PackagesList />
      </Stack>
    </Page>
  );
}
