import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../components/page';
import { buybackCreateRoutes } from '../../features/buyback-create';
import { BuybacksList } from '../../features/buybacks/components/buybacks-list';
import { ExportButton } from '../../features/buybacks/components/export-button';
import { useListParams } from '../../features/buybacks/hooks/use-list-params';
import { useCan } from '../../lib/auth';
import { paths } from '../paths';

/** /buybacks: the list, its CSV export and, for sellers, the way to a new buyback. */
export function Component() {
  const { t } = useTranslation('buybacks');
  const can = useCan();
  const [params] = useListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <>
          {can('buyback.export') && <ExportButton params={params} />}
          {can('buyback.create') && buybackCreateRoutes.length > 0 && (
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.buybackCreate}>{t('actions.create')}</RouterLink>
            </Button>
          )}
        </>
      }
    >
      <BuybacksList detailPath={paths.buyback} />
    </Page>
  );
}
