import { Alert, Box, Button, DataList, Heading, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import { ProductImage } from '../../../../shared/components/product-image';
import type { MoneyView } from '@server/application/views/schema';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { formatMoney } from '../../../../shared/format/format';
import { useGradeLabel } from '../../../../shared/format/grade';
import type { ResumedDevice } from '../use-resumed-devices';

/**
 * The devices of a kept cart, each with its picture, today's estimate and
 * the circuit, transport and payment kept with it; a device the catalogue no
 * longer takes says why, in the API's words. Then the estimated total.
 */
export function CartDevices({ devices, total, onRetry }: { devices: readonly ResumedDevice[]; total: MoneyView | null; onRetry(): void }) {
  const { t, i18n } = useTranslation(['cart-checkout', 'buyback-path', 'common']);
  const gradeLabel = useGradeLabel();
  const errorText = useApiErrorText();
  const money = (value: MoneyView) => formatMoney(value, i18n.language);

  return (
    <Box as="section" aria-labelledby="checkout-devices">
      <Heading as="h2" size="lg" id="checkout-devices" mb={3}>
        {t('buyback-path:summary.products', { count: devices.length })}
      </Heading>
      <Stack as="ul" gap={4} listStyleType="none" m={0} p={0}>
        {devices.map((device, index) => (
          <Box as="li" key={index} borderWidth="1px" borderRadius="l2" p={4} data-testid="checkout-device">
            {device.status === 'ready' ? (
              <Stack gap={3}>
                <HStack align="start" gap={3}>
                  <ProductImage product={device.item.declaration.product} boxSize={{ base: '56px', md: '72px' }} />
                  <HStack justify="space-between" align="start" flexWrap="wrap" gap={2} flex="1" minW={0}>
                    <Box minW={0}>
                      <Text fontSize="sm" color="fg.muted">
                        {device.item.declaration.product.brand}
                      </Text>
                      <Heading as="h3" size="md">
                        {device.item.declaration.product.label}
                      </Heading>
                    </Box>
                    <Text fontSize="xl" fontWeight="bold" color="brand.fg" data-testid="device-price">
                      {money(device.item.estimatedPrice)}
                    </Text>
                  </HStack>
                </HStack>
                <DataList.Root orientation="horizontal" size="sm">
                  <DataList.Item>
                    <DataList.ItemLabel>{t('buyback-path:summary.grade')}</DataList.ItemLabel>
                    <DataList.ItemValue>{gradeLabel(device.item.declaration.grade)}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('devices.circuit')}</DataList.ItemLabel>
                    <DataList.ItemValue>{device.item.circuit.name}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('buyback-path:summary.transport')}</DataList.ItemLabel>
                    <DataList.ItemValue>{device.item.shippingMethod.label}</DataList.ItemValue>
                  </DataList.Item>
                  <DataList.Item>
                    <DataList.ItemLabel>{t('buyback-path:summary.payment')}</DataList.ItemLabel>
                    <DataList.ItemValue>{device.item.paymentMode.label}</DataList.ItemValue>
                  </DataList.Item>
                  {device.item.declaration.imei && (
                    <DataList.Item>
                      <DataList.ItemLabel>{t('buyback-path:imei.label')}</DataList.ItemLabel>
                      <DataList.ItemValue>{device.item.declaration.imei}</DataList.ItemValue>
                    </DataList.Item>
                  )}
                </DataList.Root>
              </Stack>
            ) : (
              <Stack gap={3}>
                <Heading as="h3" size="md">
                  {device.product?.label ?? t('devices.position', { position: index + 1 })}
                </Heading>
                {device.status === 'loading' && (
                  <Stack gap={2} aria-hidden>
                    <Skeleton height="4" width="60%" />
                    <Skeleton height="4" width="40%" />
                  </Stack>
                )}
                {device.status === 'unavailable' && (
                  <Alert.Root status="warning">
                    <Alert.Indicator />
                    <Alert.Content>
                      <Alert.Title>{t('devices.unavailable')}</Alert.Title>
                      <Alert.Description>{device.error ? errorText(device.error) : t('devices.optionGone')}</Alert.Description>
                    </Alert.Content>
                  </Alert.Root>
                )}
                {device.status === 'failed' && (
                  <Alert.Root status="error" alignItems="center">
                    <Alert.Indicator />
                    <Alert.Description flex="1">{errorText(device.error)}</Alert.Description>
                    <Button size="sm" variant="outline" onClick={onRetry}>
                      {t('common:actions.retry')}
                    </Button>
                  </Alert.Root>
                )}
              </Stack>
            )}
          </Box>
        ))}
      </Stack>
      {total && (
        <HStack justify="space-between" mt={4} gap={3} flexWrap="wrap">
          <Text fontWeight="semibold">{t('buyback-path:summary.total')}</Text>
          <Text fontSize="xl" fontWeight="bold" data-testid="checkout-total">
            {money(total)}
          </Text>
        </HStack>
      )}
      <Text fontSize="sm" color="fg.muted" mt={2}>
        {t('devices.todaysPrices')}
      </Text>
    </Box>
  );
}
