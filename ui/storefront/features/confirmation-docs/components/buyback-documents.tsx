import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { Loading } from '../../../components/loading';
import { documentHref, useDocumentsListing, type ListedDocument } from '../api/list-documents';

function documentLabel(t: (key: string) => string, document: ListedDocument): string {
  if (document.kind === 'shipping-label') return t('confirmation-docs:shippingLabel');
  if (document.kind === 'voucher') return t(document.voucherType === 'gift_card' ? 'confirmation-docs:giftCard' : 'confirmation-docs:voucher');
  return t(`common:buybackDocuments.${document.kind}`);
}

function Refusal({ error }: { error: unknown }) {
  const { t } = useTranslation(['confirmation-docs', 'common']);
  const text =
    error instanceof ApiError && error.status === 410
      ? t('expiredLink')
      : error instanceof ApiError && (error.status === 404 || error.status === 400)
        ? t('invalidLink')
        : error instanceof ApiError && error.status === 0
          ? t('common:errors.network')
          : t('common:errors.generic');
  return (
    <Alert.Root status="error" data-testid="confirmation-docs-refused">
      <Alert.Indicator />
      <Alert.Title>{text}</Alert.Title>
    </Alert.Root>
  );
}

/**
 * One buyback's documents, as its documents token opens them: each ready one
 * to download (the shipping label too, when its circuit needs one), the
 * others said to come later; a wrong or expired link says so.
 */
export function BuybackDocuments({ buybackId, token }: { buybackId: string; token: string }) {
  const { t } = useTranslation(['confirmation-docs', 'app', 'common']);
  const listing = useDocumentsListing(buybackId, token);
  let content;
  if (listing.error) content = <Refusal error={listing.error} />;
  else if (!listing.data) content = <Loading />;
  else {
    const ready = listing.data.documents.filter((document) => document.state === 'ready');
    const pending = listing.data.documents.filter((document) => document.state === 'pending');
    content = (
      <>
        <Heading as="h2" size="md">
          {listing.data.productLabel}
        </Heading>
        <Text mb={3}>{t('app:confirmationDocs.code', { code: formatIdentificationNumber(listing.data.identificationNumber) })}</Text>
        <HStack gap={3} flexWrap="wrap">
          {ready.map((document, index) => (
            <Button key={document.kind} asChild variant={index === 0 ? 'solid' : 'outline'} colorPalette="brand">
              <a href={documentHref(buybackId, token, document.kind)} download data-testid={`document-${document.kind}`}>
                {documentLabel(t, document)}
              </a>
            </Button>
          ))}
        </HStack>
        {pending.map((document) => (
          <Text key={document.kind} mt={2} fontSize="sm" color="fg.muted" data-testid={`document-pending-${document.kind}`}>
            {t(document.kind === 'shipping-label' ? 'labelPending' : 'voucherPending', { document: documentLabel(t, document) })}
          </Text>
        ))}
      </>
    );
  }
  return (
    <Box as="li" borderWidth="1px" borderRadius="l3" p={{ base: 4, md: 6 }} data-testid="confirmation-docs">
      <Stack gap={2}>{content}</Stack>
    </Box>
  );
}
