import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Text } from '@chakra-ui/react';
import { ProductImage } from '../../../components/product-image';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../format/format';
import type { Product } from '../../types';

/**
 * Products as a list of cards, each with one action: a button that picks it
 * (the dashboard wizard) or whatever `action` renders (a link on the storefront).
 */
export function ProductList({
  products,
  onSelect,
  action,
  headingLevel = 'h3',
}: {
  products: readonly Product[];
  onSelect?(product: Product): void;
  action?(product: Product): ReactNode;
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const { t, i18n } = useTranslation('buyback-path');
  return (
    <SimpleGrid as="ul" columns={{ base: 1, sm: 2, lg: 3 }} gap={4} listStyleType="none" m={0} p={0}>
      {products.map((product) => {
        // The best price the diagnostic can give (the API's maxPrice), not the grade A price.
        const best = product.maxPrice;
        return (
          <Box as="li" key={product.id}>
            <Card.Root size="sm" h="full">
              <Card.Body gap={2}>
                <ProductImage product={product} h="120px" />
                <Text fontSize="sm" color="fg.muted">
                  {product.brand}
                </Text>
                <Heading as={headingLevel} size="md">
                  {product.label}
                </Heading>
                {best !== null && (
                  <Text>
                    {t('search.upTo', { price: formatMoney(best, i18n.language) })}
                  </Text>
                )}
                {product.isCollectingImei && (
                  <HStack>
                    <Badge variant="subtle">{t('search.collectsImei')}</Badge>
                  </HStack>
                )}
              </Card.Body>
              <Card.Footer>
                {action
                  ? action(product)
                  : onSelect && (
                      <Button colorPalette="brand" onClick={() => onSelect(product)} aria-label={t('search.chooseProduct', { product: product.label })}>
                        {t('search.choose')}
                      </Button>
                    )}
              </Card.Footer>
            </Card.Root>
          </Box>
        );
      })}
    </SimpleGrid>
  );
}
