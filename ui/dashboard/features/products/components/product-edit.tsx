import { Badge, Button, HStack } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { useCategoryTree, useProduct, usePublication, useUpdateProduct, useUploadImage } from '../api/products';
import { valuesOf, type ProductBody } from '../form-model';
import { lastProductListSearch } from '../hooks/use-list-params';
import { useProductRefusals } from '../hooks/use-product-refusals';
import { productPaths } from '../paths';
import { categoryOptions } from './category-options';
import { ProductForm } from './product-form';
import { HistoryTab, PriceHistoryTab } from './product-histories';
import { ProductRefurbQuestions } from '../../refurb-definitions/components/product-refurb-questions';
import type { ChosenImages, ImageKind } from './product-images';

/** A product's form, read-only without product.manage, with its publication, price history and history; saved with the revision it was read at. */
export function ProductEdit({ id }: { id: string }) {
  const { t } = useTranslation(['products', 'common', 'refurb-definitions']);
  const can = useCan();
  const navigate = useNavigate();
  const product = useProduct(id);
  const tree = useCategoryTree();
  const categories = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  const update = useUpdateProduct();
  const upload = useUploadImage();
  const publication = usePublication();
  const refusals = useProductRefusals();
  const [imageRefusals, setImageRefusals] = useState<Partial<Record<ImageKind, string>>>({});
  const listPath = `${productPaths.list}${lastProductListSearch()}`;
  const listCrumb = { label: t('list.title'), to: listPath };

  if (product.isPending) return <LoadingStatus size="lg" py="16" />;
  if (product.isError) return <DetailLoadFailed error={product.error} listCrumb={listCrumb} ns="products" />;
  const current = product.data;
  const editable = can('product.manage');

  async function submit(body: ProductBody, images: ChosenImages) {
    refusals.clear();
    setImageRefusals({});
    try {
      let { revision } = await update.mutateAsync({ id, body, revision: current.revision });
      for (const kind of ['image', 'hd'] as const) {
        const file = images[kind];
        if (!file) continue;
        try {
          revision = (await upload.mutateAsync({ id, kind, file, revision })).revision;
        } catch (error) {
          setImageRefusals({ [kind]: refusals.textOf(error) });
          void product.refetch();
          return;
        }
      }
      void navigate(listPath, { state: { saved: { kind: 'updated', label: body.label } } });
    } catch (error) {
      refusals.refuse(error);
      void product.refetch();
    }
  }

  const publish = (on: boolean) =>
    publication.mutate({ id, publish: on, revision: current.revision }, { onError: refusals.refuse, onSettled: () => void product.refetch() });

  return (
    <Page
      title={editable ? t('edit.title', { label: current.label }) : current.label}
      breadcrumbs={[listCrumb, { label: current.label }]}
      actions={
        <HStack gap="3">
          <Badge colorPalette={current.status === 'published' ? 'green' : 'gray'} data-testid="product-status" size="lg">
            {t(`statuses.${current.status}`)}
          </Badge>
          {editable && (
            <Button variant="outline" onClick={() => publish(current.status !== 'published')} loading={publication.isPending}>
              {current.status === 'published' ? t('actions.unpublish') : t('actions.publish')}
            </Button>
          )}
        </HStack>
      }
    >
      <ProductForm
        key={current.revision}
        initial={valuesOf(current)}
        current={current}
        categories={categories}
        refused={refusals.refused}
        refusedImages={imageRefusals}
        failure={refusals.failure}
        readOnly={!editable}
        submitting={update.isPending || upload.isPending}
        submitLabel={t('common:actions.save')}
        cancelTo={listPath}
        extraTabs={[
          { value: 'priceHistory', label: t('tabs.priceHistory'), content: <PriceHistoryTab id={id} /> },
          { value: 'history', label: t('tabs.history'), content: <HistoryTab id={id} /> },
          ...(can('refurb_diagnostic.manage') ? [{ value: 'refurbDiagnostic', label: t('refurb-definitions:productTab.title'), content: <ProductRefurbQuestions productId={id} /> }] : []),
        ]}
        onSubmit={(body, images) => void submit(body, images)}
      />
    </Page>
  );
}
