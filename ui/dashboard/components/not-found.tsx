import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../app/paths';
import { Page } from './page';

/** The signed-in dashboard's "page not found", for unknown paths and addresses that name nothing. */
export function NotFound() {
  const { t } = useTranslation('app');
  return (
    <Page title={t('notFound.title')}>
      <Text mb="6">{t('notFound.text')}</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={paths.home}>{t('notFound.home')}</RouterLink>
      </Button>
    </Page>
  );
}
