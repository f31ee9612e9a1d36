import { Box, Button, HStack, Text } from '@chakra-ui/react';
import { ProductImage } from '../../../../shared/components/product-image';
import { useTranslation } from 'react-i18next';
import type { ProductView } from '@server/application/catalog/catalog-views';

/** The chosen product, with the way back to the search. */
export function ProductRecap({ product, onChange }: { product: ProductView; onChange(): void }) {
  const { t } = useTranslation('buyback-create');
  return (
    <HStack borderWidth="1px" borderRadius="l2" p={4} gap={4} justify="space-between" flexWrap="wrap" bg="bg">
      <HStack gap={4}>
        <ProductImage product={product} boxSize="64px" />
        <Box>
          <Text fontSize="sm" color="fg.muted">
            {product.brand}
          </Text>
          <Text fontWeight="semibold" data-testid="chosen-product">
            {product.label}
          </Text>
          {product.ean && (
            <Text fontSize="sm" color="fg.muted">
              {t('product.ean', { ean: product.ean })}
            </Text>
          )}
        </Box>
      </HStack>
      <Button variant="outline" size="sm" onClick={onChange}>
        {t('product.change')}
      </Button>
    </HStack>
  );
}
