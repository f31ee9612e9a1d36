import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { DropOffStore } from '../api/get-drop-off-stores';
import { OpeningHours } from './opening-hours';

/** "1,2 km" in the visitor's language. */
function useDistance() {
  const { i18n } = useTranslation();
  const format = new Intl.NumberFormat(i18n.language, { style: 'unit', unit: 'kilometer', maximumFractionDigits: 1 });
  return (km: number) => format.format(km);
}

/** The stores as a list, in the order the API answered (nearest first when a point was searched). */
export function StoreList({ stores }: { stores: readonly DropOffStore[] }) {
  const { t } = useTranslation('drop-off-stores');
  const distance = useDistance();
  const country = new Intl.DisplayNames([useTranslation().i18n.language], { type: 'region' });
  if (stores.length === 0) return <Text data-testid="no-stores">{t('none')}</Text>;
  return (
    <Stack as="ol" gap="4" listStyleType="none" data-testid="store-list" aria-label={t('listLabel')}>
      {stores.map((store, index) => (
        <Box as="li" key={`${index}-${store.name}`} borderWidth="1px" borderRadius="md" p="4" data-testid="store-item">
          <HStack justify="space-between" align="start" gap="3" flexWrap="wrap">
            <Heading as="h2" size="md" data-testid="store-name">
              {store.name}
            </Heading>
            {store.distanceKm !== null && (
              <Badge colorPalette="brand" data-testid="store-distance">
                {t('distance', { distance: distance(store.distanceKm) })}
              </Badge>
            )}
          </HStack>
          <Box as="address" fontStyle="normal" mt="2" mb="3">
            {store.street && <Text>{store.street}</Text>}
            {store.streetComplement && <Text>{store.streetComplement}</Text>}
            <Text>{[store.zipCode, store.city].filter(Boolean).join(' ')}</Text>
            <Text color="fg.muted">{country.of(store.country) ?? store.country}</Text>
          </Box>
          {store.openingHours ? <OpeningHours hours={store.openingHours} /> : <Text fontSize="sm" color="fg.muted">{t('hoursUnknown')}</Text>}
        </Box>
      ))}
    </Stack>
  );
}
