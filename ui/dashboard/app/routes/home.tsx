import { Card, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { useCan, useMe } from '../../lib/auth';
import { visibleMenu } from '../layouts/menu';

/** /home: a greeting and a shortcut to every screen the user may open. */
export function Component() {
  const { t } = useTranslation('app');
  const me = useMe();
  const can = useCan();
  const shortcuts = visibleMenu(can).flatMap((section) => section.entries.filter((entry) => entry.key !== 'home'));

  return (
    <Page title={t('home.title')}>
      <Text fontSize="lg" mb="6">
        {t('home.greeting', { name: me.firstname })}
      </Text>
      <Heading as="h2" size="lg" mb="3">
        {t('home.shortcuts')}
      </Heading>
      {shortcuts.length === 0 ? (
        <Text>{t('home.noShortcut')}</Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="4" listStyleType="none">
          {shortcuts.map((entry) => (
            <li key={entry.key}>
              <Card.Root asChild variant="outline" _hover={{ borderColor: 'brand.solid' }} h="full">
                <RouterLink to={entry.to}>
                  <Card.Body>
                    <Card.Title>{t(`menu.entries.${entry.key}`)}</Card.Title>
                    <Card.Description>{t(`home.descriptions.${entry.key}`)}</Card.Description>
                  </Card.Body>
                </RouterLink>
              </Card.Root>
            </li>
          ))}
        </SimpleGrid>
      )}
    </Page>
  );
}
