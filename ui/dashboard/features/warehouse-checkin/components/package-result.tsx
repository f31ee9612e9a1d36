import type { PackageCheckInView } from '@server/application/warehouse/warehouse-views';
import { Alert, Badge, Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { AppLink } from '../../../components/page';
import { checkInPaths } from '../paths';

const RESULT_PALETTE = { checked_in: 'green', already_checked_in: 'gray', not_checked_in: 'red' } as const;

/**
 * A package checked in by its number: how many of its devices arrived now,
 * were already here, are missing; then each device with what became of it
 * (a missing one with why, in the API's words).
 */
export function PackageResult({ parcel }: { parcel: PackageCheckInView }) {
  const { t } = useTranslation(['warehouse-checkin', 'api']);
  const counts = { checkedIn: parcel.checkedIn, already: parcel.alreadyCheckedIn, missing: parcel.missing };
  return (
    <Box mt={4} data-testid="package-check-in">
      <Alert.Root status={parcel.missing > 0 ? 'warning' : 'success'}>
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t('package.title', { number: parcel.number })}</Alert.Title>
          <Alert.Description data-testid="package-check-in-counts">{t('package.counts', counts)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Box overflowX="auto" mt={3}>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('package.code')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('package.product')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('package.result')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {parcel.devices.map((device) => (
              <Table.Row key={device.buybackId} data-testid="package-device" data-result={device.result}>
                <Table.Cell fontFamily="mono" whiteSpace="nowrap">
                  {device.itemId ? <AppLink to={checkInPaths.item(device.itemId)}>{formatIdentificationNumber(device.identificationNumber)}</AppLink> : formatIdentificationNumber(device.identificationNumber)}
                  <Text as="span" color="fg.muted" ms={2}>
                    {device.shortCode}
                  </Text>
                </Table.Cell>
                <Table.Cell>{device.product}</Table.Cell>
                <Table.Cell>
                  <Badge colorPalette={RESULT_PALETTE[device.result]}>{t(`package.results.${device.result}`)}</Badge>
                  {device.refusal && (
                    <Text fontSize="sm" color="fg.muted" mt={1}>
                      {t(`api:errors.${device.refusal.code}`, { status: device.refusal.status ?? '' })}
                    </Text>
                  )}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
