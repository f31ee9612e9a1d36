import { Alert, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ConfirmationCodes } from '../../../../shared/buyback-path/components/confirmation-codes';
import { PageBody } from '../../../components/page-body';
import { PageHeader } from '../../../components/page-header';
import { confirmationsOf } from '../confirmation-storage';
import { tunnelPaths } from '../paths';

/**
 * /buyback-confirmation?ids=a,b: the code of each registered buyback. The
 * visitor's token cannot read a buyback back, so the page shows what this
 * tab's creates answered, and says so when it has nothing for these ids.
 */
export function Component() {
  const { t } = useTranslation('tunnel');
  const [params] = useSearchParams();
  const ids = useMemo(() => (params.get('ids') ?? '').split(',').map((id) => id.trim()).filter(Boolean), [params]);
  const buybacks = useMemo(() => confirmationsOf(ids), [ids]);

  return (
    <>
      <PageHeader title={buybacks.length > 0 ? t('confirmation.title', { count: buybacks.length }) : t('confirmation.unknownTitle')} />
      <PageBody narrow>
        {buybacks.length > 0 ? (
          <Stack gap={6}>
            <Alert.Root status="success">
              <Alert.Indicator />
              <Alert.Description>{t('confirmation.registered', { count: buybacks.length })}</Alert.Description>
            </Alert.Root>
            <ConfirmationCodes buybacks={buybacks} />
            <Text>{t('confirmation.keepCode')}</Text>
          </Stack>
        ) : (
          <Text>{t('confirmation.unknown')}</Text>
        )}
        <HStack gap={3} flexWrap="wrap">
          <Button asChild colorPalette="brand">
            <RouterLink to={tunnelPaths.search}>{t('confirmation.another')}</RouterLink>
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={tunnelPaths.home}>{t('confirmation.home')}</RouterLink>
          </Button>
        </HStack>
      </PageBody>
    </>
  );
}
