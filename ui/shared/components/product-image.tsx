import { Box, Image, type BoxProps } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

interface Props extends Omit<BoxProps, 'children'> {
  product: { label: string; imageUrl: string | null };
}

/**
 * A product's picture wherever a product is shown (the storefront's results
 * and category pages, the tunnel, the dashboard wizard): its image, said by
 * its name; without one, a neutral placeholder that says there is no photo.
 * The box keeps its size either way, so a list does not jump.
 */
export function ProductImage({ product, ...box }: Props) {
  const { t } = useTranslation('common');
  if (product.imageUrl) {
    return (
      <Box flexShrink={0} {...box}>
        <Image src={product.imageUrl} alt={t('product.image', { product: product.label })} w="full" h="full" objectFit="contain" data-testid="product-image" />
      </Box>
    );
  }
  return (
    <Box
      role="img"
      aria-label={t('product.noImage', { product: product.label })}
      data-testid="product-image-placeholder"
      flexShrink={0}
      bg="bg.muted"
      color="fg.subtle"
      borderRadius="md"
      display="flex"
      alignItems="center"
      justifyContent="center"
      {...box}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" width="40%" height="40%" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" strokeLinejoin="round">
        <rect x="6" y="2" width="12" height="20" rx="2" />
        <line x1="11" y1="18" x2="13" y2="18" />
      </svg>
    </Box>
  );
}
