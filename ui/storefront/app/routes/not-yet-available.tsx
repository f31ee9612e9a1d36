import { Alert, Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { PageBody } from '../../components/page-body';
import { paths } from '../paths';

/** A route of the specification this version cannot fill yet: it says so instead of pretending. */
function NotYetAvailable({ page }: { page: 'stores' }) {
  const { t } = useTranslation('app');
  return (
    <>
      <PageHeader title={t(`${page}.title`)} page={page} />
      <PageBody narrow>
        <Alert.Root status="info" data-testid="not-yet-available">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('notYetAvailable')}</Alert.Title>
            <Alert.Description>{t(`${page}.text`)}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={paths.home.to()}>{t('notFound.home')}</RouterLink>
        </Button>
      </PageBody>
    </>
  );
}

export function StoresPage() {
  return <NotYetAvailable page="stores" />;
}
