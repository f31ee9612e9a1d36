import { Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { PermissionMatrixTable } from '../components/permission-matrix';

/** /permissions: which role may do what, as a table in the user's language. */
export function Component() {
  const { t } = useTranslation('users');
  return (
    <Page title={t('matrix.title')} breadcrumbs={[{ label: t('matrix.title') }]}>
      <Stack gap="4">
        <Text color="fg.muted">{t('matrix.intro')}</Text>
        <PermissionMatrixTable />
      </Stack>
    </Page>
  );
}
