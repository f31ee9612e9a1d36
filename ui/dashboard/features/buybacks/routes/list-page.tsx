import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/paths';
import { ExportButton } from '../../../components/list';
import { Page } from '../../../components/page';
import { useCan, useMe } from '../../../lib/auth';
import { menuOffers } from '../../../lib/menu';
import { exportBuybacks } from '../api/export-buybacks';
import { BuybacksList } from '../components/buybacks-list';
import { useBuybackListParams } from '../hooks/use-list-params';

/** /buybacks: the list, its CSV export and, where the menu offers it (a store's staff), the way to a new buyback. */
export function Component() {
  const { t } = useTranslation('buybacks');
  const can = useCan();
  const me = useMe();
  const [params, setParams] = useBuybackListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        <>
          {can('buyback.export') && <ExportButton ns="buybacks" filename="buybacks" exportList={() => exportBuybacks(params)} />}
          {menuOffers(me, paths.buybackCreate) && (
            <Button asChild colorPalette="brand">
              <RouterLink to={paths.buybackCreate}>{t('actions.create')}</RouterLink>
            </Button>
          )}
        </>
      }
    >
      <BuybacksList params={params} setParams={setParams} detailPath={paths.buyback} />
    </Page>
  );
}
