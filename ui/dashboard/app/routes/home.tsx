import { Button, Card, Heading, SimpleGrid, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { hasPermission, STORE_MODULE, switchModule, useMe } from '../../lib/auth';
import { menuEntries, menuOffers } from '../../lib/menu';
import { paths } from '../paths';
import { WeeklyStatistics } from '../../features/statistics/components/weekly-statistics';

/**
 * /home: a greeting and a card for every entry of the user's menu (the same
 * entries, so no card leads where the menu does not), after last week's
 * figures for those who read them (an account's users: provider staff ask
 * GET /dashboard-data for an account). Buybacks are registered
 * in a store: a user who also works in a store module, but not now, is
 * offered to switch to it instead.
 */
export function Component() {
  const { t, i18n } = useTranslation('app');
  const me = useMe();
  const shortcuts = menuEntries(me).filter((entry) => entry.path !== paths.home);
  const offerStoreModule = me.currentModule !== STORE_MODULE && STORE_MODULE in me.modules && !menuOffers(me, paths.buybackCreate);
  const storeModule = t(`modules.${STORE_MODULE}`);

  return (
    <Page title={t('home.title')}>
      <Text fontSize="lg" mb="6">
        {t('home.greeting', { name: me.firstname })}
      </Text>
      {me.account && hasPermission(me, 'dashboard_data.read') && <WeeklyStatistics />}
      <Heading as="h2" size="lg" mb="3">
        {t('home.shortcuts')}
      </Heading>
      {shortcuts.length === 0 && !offerStoreModule ? (
        <Text>{t('home.noShortcut')}</Text>
      ) : (
        <SimpleGrid as="ul" columns={{ base: 1, md: 2, lg: 3 }} gap="4" listStyleType="none">
          {shortcuts.map((entry) => (
            <li key={entry.key}>
              <Card.Root asChild variant="outline" _hover={{ borderColor: 'brand.solid' }} h="full">
                <RouterLink to={entry.path}>
                  <Card.Body>
                    <Card.Title>{entry.label}</Card.Title>
                    {i18n.exists(`app:home.descriptions.${entry.key}`) && <Card.Description>{t(`home.descriptions.${entry.key}`)}</Card.Description>}
                  </Card.Body>
                </RouterLink>
              </Card.Root>
            </li>
          ))}
          {offerStoreModule && (
            <li>
              <Card.Root variant="outline" h="full" data-testid="switch-to-store">
                <Card.Body gap="2">
                  <Card.Title>{t('home.storeModule.title')}</Card.Title>
                  <Card.Description>{t('home.storeModule.text', { module: storeModule })}</Card.Description>
                </Card.Body>
                <Card.Footer>
                  <Button variant="outline" colorPalette="brand" onClick={() => switchModule(STORE_MODULE)}>
                    {t('home.storeModule.switch', { module: storeModule })}
                  </Button>
                </Card.Footer>
              </Card.Root>
            </li>
          )}
        </SimpleGrid>
      )}
    </Page>
  );
}
