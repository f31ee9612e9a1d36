import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useWhiteLabel } from '../../../lib/white-label';
import { useDropOffStores, type StoreSearch } from '../api/get-drop-off-stores';
import { StoreList } from './store-list';

// Leaflet comes only with the map, and the map only when the retailer turned it on.
const StoreMap = lazy(() => import('./store-map'));

type Locating = 'idle' | 'asking' | 'denied' | 'unavailable';

/**
 * /stores (specification 000 §2): the retailer's drop-off stores as a list,
 * and on a map when its configuration turns the map on and tiles load. The
 * visitor searches by postal code, or by the browser's position, asked for
 * only when they click; the nearest come first, with the distance.
 */
export function StoresScreen() {
  const { t } = useTranslation(['drop-off-stores', 'api']);
  const { dropOffLocationsMapEnabled, mainColor } = useWhiteLabel();
  const [search, setSearch] = useState<StoreSearch>({ by: 'none' });
  const [postalCode, setPostalCode] = useState('');
  const [locating, setLocating] = useState<Locating>('idle');
  const [tilesFailed, setTilesFailed] = useState(false);
  const stores = useDropOffStores(search);
  const error = stores.error instanceof ApiError ? stores.error : null;

  function searchPostalCode(event: FormEvent) {
    event.preventDefault();
    const code = postalCode.trim();
    if (code) setSearch({ by: 'postalCode', postalCode: code });
  }

  function locate() {
    if (!('geolocation' in navigator)) return setLocating('unavailable');
    setLocating('asking');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating('idle');
        setPostalCode('');
        setSearch({ by: 'position', latitude: Math.round(position.coords.latitude * 1e5) / 1e5, longitude: Math.round(position.coords.longitude * 1e5) / 1e5 });
      },
      (failure) => setLocating(failure.code === failure.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { timeout: 10_000, maximumAge: 10 * 60_000 },
    );
  }

  // A search that fails (an unknown postal code) keeps the last list shown: the list is always there.
  const lastAnswer = useRef(stores.data);
  if (stores.data) lastAnswer.current = stores.data;
  const data = stores.data ?? lastAnswer.current;
  const tiles = data?.tiles ?? null;
  const showMap = dropOffLocationsMapEnabled && tiles !== null && !tilesFailed && data !== undefined;

  return (
    <Stack gap="6">
      <Stack as="form" onSubmit={searchPostalCode} gap="3" role="search" aria-label={t('searchLabel')}>
        <HStack align="end" gap="3" flexWrap="wrap">
          <Field.Root invalid={error?.code === 'STORE_POSTAL_CODE_UNKNOWN'} maxW="xs">
            <Field.Label>{t('postalCode')}</Field.Label>
            <Input name="postalCode" value={postalCode} onChange={(e) => setPostalCode(e.target.value)} inputMode="text" autoComplete="postal-code" maxLength={16} />
          </Field.Root>
          <Button type="submit" colorPalette="brand" loading={stores.isFetching && search.by === 'postalCode'}>
            {t('search')}
          </Button>
          <Button type="button" variant="outline" onClick={locate} loading={locating === 'asking'} data-testid="locate-me">
            {t('locate')}
          </Button>
        </HStack>
        {locating === 'denied' && <Text color="fg.error">{t('locationDenied')}</Text>}
        {locating === 'unavailable' && <Text color="fg.error">{t('locationUnavailable')}</Text>}
        {error && (
          <Text color="fg.error" role="alert" data-testid="stores-error">
            {t(`api:errors.${error.code}`, { ...error.details, defaultValue: error.message })}
          </Text>
        )}
      </Stack>
      {data?.origin && (
        <Text data-testid="stores-origin">{data.origin.by === 'position' ? t('nearPosition') : t('nearPostalCode', { postalCode: search.by === 'postalCode' ? search.postalCode : '' })}</Text>
      )}
      {dropOffLocationsMapEnabled && data && !showMap && (
        <Alert.Root status="info" data-testid="map-unavailable">
          <Alert.Indicator />
          <Alert.Description>{t('mapUnavailable')}</Alert.Description>
        </Alert.Root>
      )}
      {showMap && (
        <Suspense fallback={null}>
          <StoreMap
            stores={data.items}
            origin={data.origin}
            tiles={tiles}
            color={mainColor}
            label={t('mapLabel')}
            youAreHere={t('youAreHere')}
            onUnavailable={() => setTilesFailed(true)}
          />
        </Suspense>
      )}
      {data ? <StoreList stores={data.items} /> : stores.isPending ? <Text color="fg.muted">{t('loading')}</Text> : null}
      {data?.truncated && <Text color="fg.muted">{t('truncated', { shown: data.items.length, total: data.totalStores })}</Text>}
    </Stack>
  );
}
