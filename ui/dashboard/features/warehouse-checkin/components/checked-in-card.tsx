import { Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { BuybackCode } from '../../../../shared/buyback-path/components/buyback-code';
import { formatDateTime } from '../../../../shared/format/format';
import { Facts } from '../../../components/facts';
import { AppLink } from '../../../components/page';
import { StockName } from '../../../components/warehouse-item/stock-name';
import { useBuybackStatus } from '../api/get-buyback';
import { checkInPaths } from '../paths';

/**
 * What a check-in registered: the parcel's code, the product, the stock it is
 * now in, its status and its buyback's, and the ways on (its compliance
 * check when it may start now, the device, the trade-in).
 */
export function CheckedInCard({ item, title, headingLevel = 'h2' }: { item: ItemView; title: string; headingLevel?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation('warehouse-checkin');
  const buybackStatus = useBuybackStatus(item.buybackId);
  const headingId = `checked-in-${item.id}`;
  return (
    <Box as="section" aria-labelledby={headingId} borderWidth="1px" borderColor="green.emphasized" borderRadius="l3" bg="bg" p={{ base: 4, md: 5 }} data-testid="checked-in-card">
      <Stack gap={4}>
        <Box>
          <Heading as={headingLevel} size="md" id={headingId}>
            {title}
          </Heading>
          <Text fontSize="lg" fontWeight="semibold" overflowWrap="anywhere" data-testid="checked-in-product">
            {item.product.label}
          </Text>
        </Box>
        <BuybackCode id={item.id} code={item.identificationNumber} label={t('card.code')} />
        <Facts
          items={[
            [t('card.shortCode'), <Text as="span" fontFamily="mono" key="short">{item.shortCode}</Text>],
            [t('card.stock'), <Text as="span" fontWeight="semibold" data-testid="checked-in-stock" key="stock"><StockName ns="warehouse-checkin" stockId={item.stockId} /></Text>],
            [t('card.itemStatus'), <span data-testid="checked-in-status" key="status">{t(`api:items.statuses.${item.status}`)}</span>],
            [
              t('card.buybackStatus'),
              <span data-testid="checked-in-buyback-status" key="buyback">
                {buybackStatus.data ? t(`buybackStatuses.${buybackStatus.data}`) : buybackStatus.isError ? t('card.unavailable') : t('loading')}
              </span>,
            ],
            [t('card.receivedAt'), formatDateTime(item.receivedAt, i18n.language)],
          ]}
        />
        <HStack gap={4} flexWrap="wrap">
          {item.allowedActions.includes('RecordComplianceCheck') && (
            <Button asChild size="sm" variant="outline" colorPalette="brand">
              <RouterLink to={checkInPaths.check(item.id)}>{t('card.check')}</RouterLink>
            </Button>
          )}
          <AppLink to={checkInPaths.item(item.id)}>{t('card.openItem')}</AppLink>
          <AppLink to={checkInPaths.buyback(item.buybackId)}>{t('card.openBuyback')}</AppLink>
        </HStack>
      </Stack>
    </Box>
  );
}
