import { Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProduct } from '../../../../shared/buyback-path/api/get-product';
import { KeywordSearch } from '../../../../shared/buyback-path/components/product-search/keyword-search';

interface FoundProductProps {
  productId: string;
  declaredProductId: string;
  onChange(productId: string): void;
}

/**
 * The model found in the parcel: the declared one unless the operator picks
 * another from the catalogue (the buyback path's product search: keyword,
 * EAN typed or scanned).
 */
export function FoundProduct({ productId, declaredProductId, onChange }: FoundProductProps) {
  const { t } = useTranslation('warehouse-check');
  const product = useProduct(productId);
  const [picking, setPicking] = useState(false);
  const changed = productId !== declaredProductId;
  return (
    <Stack gap={3}>
      <Box>
        <Text fontSize="sm" color="fg.muted">
          {t('found.product')}
        </Text>
        <HStack gap={2} flexWrap="wrap">
          <Text fontWeight="semibold" data-testid="found-product">
            {product.data ? product.data.label : product.isError ? t('found.unavailable') : '…'}
          </Text>
          {changed && <Badge colorPalette="orange">{t('found.otherModel')}</Badge>}
        </HStack>
        {product.data && (
          <Text fontSize="sm" color="fg.muted">
            {t('found.model', { model: product.data.model, ean: product.data.ean ?? '—' })}
          </Text>
        )}
      </Box>
      <HStack gap={3} flexWrap="wrap">
        <Button type="button" size="sm" variant="outline" onClick={() => setPicking((open) => !open)} aria-expanded={picking}>
          {picking ? t('found.closePicker') : t('found.change')}
        </Button>
        {changed && (
          <Button type="button" size="sm" variant="ghost" onClick={() => onChange(declaredProductId)}>
            {t('found.backToDeclared')}
          </Button>
        )}
      </HStack>
      {picking && (
        <Box borderWidth="1px" borderRadius="md" p={{ base: 3, md: 4 }} data-testid="model-picker">
          <KeywordSearch
            onSelect={(picked) => {
              setPicking(false);
              onChange(picked.id);
            }}
          />
        </Box>
      )}
    </Stack>
  );
}
