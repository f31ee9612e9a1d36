import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { UsersList } from '../components/users-list';
import { useUserListParams } from '../hooks/use-list-params';
import { userPaths } from '../paths';

/** /users: the users the caller administers and, for who manages them, the ways to a new one and to the import. */
export function Component() {
  const { t } = useTranslation('users');
  const can = useCan();
  const [params, setParams] = useUserListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <HStack gap="2" wrap="wrap">
          {can('user.import') && (
            <Button asChild variant="outline">
              <RouterLink to={userPaths.import}>{t('actions.import')}</RouterLink>
            </Button>
          )}
          {can('user.assign_admin') && (
            <Button asChild variant="outline">
              <RouterLink to={userPaths.adminCreate}>{t('actions.createAdmin')}</RouterLink>
            </Button>
          )}
          {can('user.manage') && (
            <Button asChild colorPalette="brand">
              <RouterLink to={userPaths.clientCreate}>{t('actions.create')}</RouterLink>
            </Button>
          )}
        </HStack>
      }
    >
      <UsersList params={params} setParams={setParams} />
    </Page>
  );
}
