import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { ClientsList } from '../components/clients-list';
import { useClientListParams } from '../hooks/use-list-params';
import { clientPaths } from '../paths';

/** /clients: the retailer accounts, and the way to a new one. */
export function Component() {
  const { t } = useTranslation('clients');
  const can = useCan();
  const [params, setParams] = useClientListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        can('client.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={clientPaths.create}>{t('actions.create')}</RouterLink>
          </Button>
        )
      }
    >
      <ClientsList params={params} setParams={setParams} />
    </Page>
  );
}
