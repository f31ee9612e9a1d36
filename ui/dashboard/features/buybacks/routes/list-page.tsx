import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { Page } from '../../../components/page';
import { useCan, useMe } from '../../../lib/auth';
import { menuOffers } from '../../../lib/menu';
import { BuybacksList } from '../components/buybacks-list';
import { ExportButton } from '../components/export-button';
import { useListParams } from '../hooks/use-list-params';

/** /buybacks: the list, its CSV export and, where the menu offers it (a store's staff), the way to a new buyback. */
export function Component() {
  const { t } = useTranslation('buybacks');
  const can = useCan();
  const me = useMe();
  const [params] = useListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <>
          {can('buyback.export') && <ExportButton params={params} />}
          {menuOffers(me, paths.buybackCreate) && (
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
