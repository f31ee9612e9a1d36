import { Badge, Card, LinkOverlay, Text } from '@chakra-ui/react';
import { ProductImage } from '../../../../shared/components/product-image';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney } from '../../../../shared/format/format';
import { paths, slugify } from '../../../app/paths';
import type { Product } from '../catalog';

/**
 * One product: brand, label, the best price its diagnostic can give (the API's
 * maxPrice: a grade's price plus the best answers' bonuses; none when no
 * answer gives an estimate); the whole card opens its diagnostic in the tunnel.
 */
export function ProductCard({ product, headingLevel = 'h2' }: { product: Product; headingLevel?: 'h2' | 'h3' }) {
  const { t, i18n } = useTranslation('catalog');
  const price = product.maxPrice;
  return (
    <Card.Root as="li" size="sm" variant="outline" position="relative" _hover={{ borderColor: 'brand.solid' }} _focusWithin={{ borderColor: 'brand.solid' }}>
      <ProductImage product={product} aspectRatio={4 / 3} m={4} mb={0} />
      <Card.Body gap={1}>
        <Badge alignSelf="start" variant="subtle">
          {product.brand}
        </Badge>
        <Card.Title as={headingLevel} fontSize="md">
          <LinkOverlay asChild>
            <RouterLink to={paths.diagnostic.to(product.id, slugify(product.label))}>{product.label}</RouterLink>
          </LinkOverlay>
        </Card.Title>
        {price !== null && (
          <Text color="fg.muted" fontSize="sm">
            {t('product.upTo')}{' '}
            <Text as="span" fontWeight="bold" color="fg" fontSize="md">
              {formatMoney(price, i18n.language)}
            </Text>
          </Text>
        )}
      </Card.Body>
    </Card.Root>
  );
}
