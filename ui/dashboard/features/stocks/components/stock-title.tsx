import { Badge, HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useStockLabel } from '../../../components/warehouse-item/use-stock-names';
import type { Stock } from '../types';

/** A stock's name, marked "native" for the stocks every warehouse has from the start. */
export function StockTitle({ stock }: { stock: Pick<Stock, 'kind' | 'name'> }) {
  const { t } = useTranslation('stocks');
  const label = useStockLabel();
  return (
    <HStack as="span" gap="2" wrap="wrap">
      <Text as="span">{label(stock)}</Text>
      {stock.kind && (
        <Badge colorPalette="purple" variant="subtle" size="sm" data-testid="native-stock">
          {t('native.badge')}
        </Badge>
      )}
    </HStack>
  );
}
