import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../paths';

/** /404 and every unknown path of the signed-in dashboard. */
export function Component() {
  return <NotFound />;
}

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
