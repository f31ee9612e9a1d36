import { Alert, Box, Button, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { ConfirmationCodes } from '../../../../shared/buyback-path/components/confirmation-codes';
import { BuybackDocumentButton } from '../../../components/buyback-document-button';
import { useCreatedBuyback } from '../api/get-created-buyback';
import { wizardPaths, type StepProps } from '../wizard';

/** Step 6: the registered buyback read back from the API, with the way to it and to the next one. */
export function ConfirmationStep({ goTo, headingRef }: StepProps) {
  const { t } = useTranslation('buyback-create');
  const [params] = useSearchParams();
  const ids = (params.get('ids') ?? '').split(',').filter(Boolean);
  return (
    <Stack gap={6}>
      <Heading as="h2" size="xl" ref={headingRef} tabIndex={-1} outline="none">
        {t('confirmation.title', { count: ids.length })}
      </Heading>
      <Alert.Root status="success">
        <Alert.Indicator />
        <Alert.Description>{t('confirmation.registered', { count: ids.length })}</Alert.Description>
      </Alert.Root>
      {ids.map((id) => (
        <Registered key={id} id={id} />
      ))}
      <HStack gap={3} flexWrap="wrap">
        <Button colorPalette="brand" onClick={() => goTo('search')}>
          {t('confirmation.another')}
        </Button>
        <Button asChild variant="outline">
          <RouterLink to={wizardPaths.list}>{t('confirmation.list')}</RouterLink>
        </Button>
      </HStack>
    </Stack>
  );
}

function Registered({ id }: { id: string }) {
  const { t } = useTranslation('buyback-create');
  const buyback = useCreatedBuyback(id);
  if (buyback.isError) return <ApiErrorAlert error={buyback.error} onRetry={() => buyback.refetch()} />;
  if (!buyback.data) return <Spinner aria-label={t('loading')} />;
  const detail = buyback.data;
  return (
    <ConfirmationCodes
      buybacks={[
        {
          id: detail.id,
          identificationNumber: detail.identificationNumber,
          productLabel: detail.product.label,
          // What the customer is paid: the device's price with the payment mode's bonus or malus and the circuit's bonus.
          price: detail.price?.total ?? detail.declaredPrice,
          shippingMethod: { label: detail.circuit.name, description: null },
          paymentMode: { label: detail.paymentMode.label },
        },
      ]}
      documents={() => <PrintNow buyback={detail} />}
      actions={() => (
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={wizardPaths.buyback(detail.id)}>{t('confirmation.open')}</RouterLink>
        </Button>
      )}
    />
  );
}

/**
 * What the seller prints while the customer is there: the transfer order to
 * sign and the tracking sheet for the parcel (the shipping label comes with
 * the store's package, at expedition).
 */
function PrintNow({ buyback }: { buyback: { id: string; identificationNumber: string } }) {
  const { t } = useTranslation('common');
  return (
    <Box borderWidth="1px" borderRadius="l2" p={3} data-testid="print-now">
      <Text fontWeight="semibold">{t('buybackDocuments.toPrint')}</Text>
      <Text color="fg.muted" mb={2}>
        {t('buybackDocuments.toPrintHint')}
      </Text>
      <HStack gap={2} flexWrap="wrap">
        <BuybackDocumentButton buyback={buyback} kind="transfer-order" colorPalette="brand" />
        <BuybackDocumentButton buyback={buyback} kind="tracking-sheet" />
      </HStack>
    </Box>
  );
}
