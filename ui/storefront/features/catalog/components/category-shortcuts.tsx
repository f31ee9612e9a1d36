import { Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { useCategoryTree, withProducts, type CategoryNode } from '../catalog';

/** The home page's entry points by category: the first level under the catalogue's root(s). */
export function CategoryShortcuts() {
  const { t } = useTranslation('catalog');
  const tree = useCategoryTree();
  if (!tree.data) return null;
  const roots = withProducts(tree.data);
  const shown: CategoryNode[] = roots.length === 1 ? (roots[0]?.children ?? []) : roots;
  if (shown.length === 0) return null;
  return (
    <Stack as="section" aria-labelledby="home-categories" gap={4}>
      <Heading as="h2" id="home-categories" size="lg">
        {t('home.categoriesTitle')}
      </Heading>
      <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap={3}>
        {shown.map((node) => (
          <li key={node.id}>
            <Link
              asChild
              display="flex"
              flexDirection="column"
              alignItems="start"
              p={4}
              borderWidth="1px"
              borderRadius="md"
              width="full"
              height="full"
              _hover={{ borderColor: 'brand.solid', textDecoration: 'none' }}
            >
              <RouterLink to={paths.category.to(node.id, node.identifier)}>
                <Text fontWeight="bold" color="brand.fg">
                  {node.label}
                </Text>
                <Text fontSize="sm" color="fg.muted">
                  {t('category.productCount', { count: node.numberOfPublishedProducts })}
                </Text>
              </RouterLink>
            </Link>
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
