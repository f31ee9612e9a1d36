import { Alert, Button, CloseButton } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { ProductsList } from '../components/products-list';
import { useProductListParams } from '../hooks/use-list-params';
import { productPaths } from '../paths';

interface Saved {
  kind: 'created' | 'updated';
  label: string;
}

/** /products: the catalogue's products, the created-or-edited alert after a save, and for who manages them the way to a new one. */
export function Component() {
  const { t } = useTranslation('products');
  const can = useCan();
  const location = useLocation();
  const [saved, setSaved] = useState<Saved | null>(() => (location.state as { saved?: Saved } | null)?.saved ?? null);
  const [params, setParams] = useProductListParams();
  return (
    <Page
      title={t('list.title')}
      breadcrumbs={[{ label: t('list.title') }]}
      actions={
        can('product.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={productPaths.create}>{t('actions.create')}</RouterLink>
          </Button>
        )
      }
    >
      {saved && (
        <Alert.Root status="success" mb="4" data-testid="product-saved">
          <Alert.Indicator />
          <Alert.Title flex="1">{t(`notifications.${saved.kind}`, { label: saved.label })}</Alert.Title>
          <CloseButton size="sm" onClick={() => setSaved(null)} aria-label={t('notifications.close')} />
        </Alert.Root>
      )}
      <ProductsList params={params} setParams={setParams} />
    </Page>
  );
}
