import { Alert, Box, Button, Heading, HStack, Spinner, Stack, Text, VisuallyHidden } from '@chakra-ui/react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useAppEnvironment } from '../../../../shared/app-environment';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { BuybackCode } from '../../../../shared/buyback-path/components/buyback-code';
import { formatMoney } from '../../../../shared/format/format';
import { useBuybackByCode } from '../api/get-buyback-by-code';
import { readCode } from '../code';
import { PredeclaredPage } from '../components/predeclared-page';
import { predeclaredPaths } from '../paths';

/** /buybacks-predeclared/{code}/finalized: the buyback now in this store, the way to it, to its shipping and to the next code. */
export function Component() {
  const { code: raw = '' } = useParams();
  const read = readCode(raw);
  if ('problem' in read) return <Navigate to={predeclaredPaths.code} replace />;
  return (
    <PredeclaredPage step="confirmation">
      <Finalized key={read.code} code={read.code} />
    </PredeclaredPage>
  );
}

function Finalized({ code }: { code: string }) {
  const { t, i18n } = useTranslation('buybacks-predeclared');
  const { storeId } = useAppEnvironment();
  const found = useBuybackByCode(code);
  const focusOnArrival = useCallback((element: HTMLElement | null) => element?.focus({ preventScroll: true }), []);
  if (found.isError) return <ApiErrorAlert error={found.error} onRetry={() => void found.refetch()} />;
  // After the finalize, the code's answer in the cache is the one from before: wait for today's.
  if (!found.data || !found.isFetchedAfterMount) {
    return (
      <Box role="status">
        <Spinner size="sm" aria-hidden />
        <VisuallyHidden>{t('loading')}</VisuallyHidden>
      </Box>
    );
  }
  const buyback = found.data.buyback;
  // Not (or no longer) finalized in this store: the check says where it stands.
  if (buyback.storeId !== storeId || buyback.channel !== 'web') return <Navigate to={predeclaredPaths.check(code)} replace />;
  return (
    <Stack gap={6}>
      <Heading as="h2" size="xl" ref={focusOnArrival} tabIndex={-1} outline="none">
        {t('finalized.title')}
      </Heading>
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Description>{t('finalized.done')}</Alert.Description>
      </Alert.Root>
      <Box borderWidth="1px" borderRadius="l3" p={{ base: 4, md: 6 }} bg="bg">
        <Stack gap={3}>
          <Heading as="h3" size="md">
            {buyback.product.label}
          </Heading>
          <BuybackCode id={buyback.id} code={buyback.identificationNumber} label={t('check.code')} />
          <Text>
            {t('finalized.price', { price: formatMoney(buyback.declaredPrice, i18n.language) })} · {buyback.paymentMode.label}
          </Text>
          <Text fontWeight="semibold">{t('finalized.next')}</Text>
          <Button asChild variant="outline" alignSelf="start">
            <RouterLink to={predeclaredPaths.buyback(buyback.id)}>{t('finalized.open')}</RouterLink>
          </Button>
        </Stack>
      </Box>
      <HStack gap={3} flexWrap="wrap">
        <Button asChild colorPalette="brand">
          <RouterLink to={predeclaredPaths.code}>{t('finalized.another')}</RouterLink>
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={predeclaredPaths.toShip}>{t('finalized.toShip')}</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}
