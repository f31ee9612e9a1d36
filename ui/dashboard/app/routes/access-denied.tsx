import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { paths } from '../paths';

export function Component() {
  const { t } = useTranslation('app');
  return (
    <Page title={t('accessDenied.title')}>
      <Text mb="6">{t('accessDenied.text')}</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to={paths.home}>{t('notFound.home')}</RouterLink>
      </Button>
    </Page>
  );
}
