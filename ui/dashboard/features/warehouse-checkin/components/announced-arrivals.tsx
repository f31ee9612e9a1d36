import { Badge, Box, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { useAnnouncedArrivals } from '../api/get-announced-arrivals';

/**
 * What the carrier says it delivered here and nobody checked in yet
 * (DELIVERED_OK on a buyback still in transit): the operator knows what is
 * about to be scanned, and what is missing at the end of a delivery.
 */
export function AnnouncedArrivals() {
  const { t } = useTranslation('warehouse-checkin');
  const arrivals = useAnnouncedArrivals();
  const page = arrivals.data;
  if (!page) return null;
  const total = page.totalItems ?? page.items.length;
  return (
    <Box as="section" aria-labelledby="announced-arrivals-title" data-testid="announced-arrivals">
      <HStack gap={2} mb={2} flexWrap="wrap">
        <Heading as="h2" size="md" id="announced-arrivals-title">
          {t('arrivals.title')}
        </Heading>
        <Badge colorPalette={total > 0 ? 'blue' : 'gray'}>{t('arrivals.count', { count: total })}</Badge>
      </HStack>
      {page.items.length === 0 ? (
        <Text color="fg.muted">{t('arrivals.empty')}</Text>
      ) : (
        <Stack gap={2}>
          <Text color="fg.muted">{t('arrivals.intro')}</Text>
          <Box overflowX="auto">
            <Table.Root size="sm">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('arrivals.code')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('arrivals.product')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('arrivals.package')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {page.items.map((buyback) => (
                  <Table.Row key={buyback.id}>
                    <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                      {formatIdentificationNumber(buyback.identificationNumber)}
                    </Table.Cell>
                    <Table.Cell>{buyback.product.label}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{buyback.package?.number ?? t('arrivals.customerParcel')}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </Box>
        </Stack>
      )}
    </Box>
  );
}
