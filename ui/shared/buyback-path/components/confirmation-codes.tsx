import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../format/format';
import type { ConfirmedBuyback } from '../types';
import { useAppEnvironment } from '../../app-environment';
import { BuybackCode } from './buyback-code';
import { ShippingDocuments } from './shipping-documents';

export type { ConfirmedBuyback } from '../types';

/** Each registered buyback with its 13-digit code (what the customer shows or writes on the parcel), what to do next and its label. */
export function ConfirmationCodes({
  buybacks,
  actions,
  documents,
}: {
  buybacks: readonly ConfirmedBuyback[];
  actions?(buyback: ConfirmedBuyback): ReactNode;
  /** The documents to print at once (ShippingDocuments' `documents`). */
  documents?(buyback: ConfirmedBuyback): ReactNode;
}) {
  const { t, i18n } = useTranslation('buyback-path');
  // A web customer's label is their own (polled here); a store's device leaves under its package's label.
  const ownLabel = useAppEnvironment().channel === 'web';
  return (
    <Stack as="ul" gap={4} listStyleType="none" m={0} p={0}>
      {buybacks.map((buyback) => (
        <Box as="li" key={buyback.id} borderWidth="1px" borderRadius="l3" p={{ base: 4, md: 6 }}>
          <Stack gap={3}>
            <Heading as="h2" size="md">
              {buyback.productLabel}
            </Heading>
            <BuybackCode id={buyback.id} code={buyback.identificationNumber} label={t('confirmation.code')} />
            <Text>
              {t('confirmation.price', { price: formatMoney(buyback.price, i18n.language) })} · {buyback.paymentMode.label}
            </Text>
            <Box>
              <Text fontWeight="semibold">{t('confirmation.next', { transport: buyback.shippingMethod.label })}</Text>
              {buyback.shippingMethod.description && <Text>{buyback.shippingMethod.description}</Text>}
            </Box>
            <ShippingDocuments buybackId={buyback.id} documentsToken={buyback.documentsToken ?? null} pollLabel={ownLabel} documents={documents?.(buyback)} />
            {actions?.(buyback)}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
