import { Button, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { paths } from '../paths';

export function NotFoundPage() {
  const { t } = useTranslation('app');
  return (
    <>
      <PageHeader title={t('notFound.title')} page="notFound" />
      <PageBody narrow>
        <Text>{t('notFound.text')}</Text>
        <Button asChild colorPalette="brand" alignSelf="start">
          <RouterLink to={paths.home.to()}>{t('notFound.home')}</RouterLink>
        </Button>
      </PageBody>
    </>
  );
}

export const Component = NotFoundPage;
