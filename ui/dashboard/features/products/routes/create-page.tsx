import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { Page } from '../../../components/page';
import { useCategoryTree, useCreateProduct, useUploadImage } from '../api/products';
import { categoryOptions } from '../components/category-options';
import { ProductForm } from '../components/product-form';
import type { ChosenImages, ImageKind } from '../components/product-images';
import { NEW_PRODUCT, type ProductBody } from '../form-model';
import { lastProductListSearch } from '../hooks/use-list-params';
import { useProductRefusals } from '../hooks/use-product-refusals';
import { productPaths } from '../paths';

/** /product/create: a new product of the retailer, a draft (published from its form). */
export function Component() {
  const { t } = useTranslation('products');
  const navigate = useNavigate();
  const create = useCreateProduct();
  const upload = useUploadImage();
  const keys = useIdempotencyKeys();
  const refusals = useProductRefusals();
  const tree = useCategoryTree();
  const categories = useMemo(() => categoryOptions(tree.data ?? []), [tree.data]);
  const [imageRefusals, setImageRefusals] = useState<Partial<Record<ImageKind, string>>>({});
  const listPath = `${productPaths.list}${lastProductListSearch()}`;

  async function submit(body: ProductBody, images: ChosenImages) {
    refusals.clear();
    setImageRefusals({});
    let created;
    try {
      created = await create.mutateAsync({ body, idempotencyKey: keys.keyFor(body) });
    } catch (error) {
      refusals.refuse(error);
      return;
    }
    let revision = created.revision;
    for (const kind of ['image', 'hd'] as const) {
      const file = images[kind];
      if (!file) continue;
      try {
        revision = (await upload.mutateAsync({ id: created.id, kind, file, revision })).revision;
      } catch (error) {
        // The product exists: its form says which picture was refused.
        setImageRefusals({ [kind]: refusals.textOf(error) });
        void navigate(productPaths.edit(created.id));
        return;
      }
    }
    void navigate(listPath, { state: { saved: { kind: 'created', label: body.label } } });
  }

  return (
    <Page title={t('create.title')} breadcrumbs={[{ label: t('list.title'), to: listPath }, { label: t('create.title') }]}>
      <ProductForm
        initial={NEW_PRODUCT}
        current={{ imageUrl: null, imageHdUrl: null }}
        categories={categories}
        refused={refusals.refused}
        refusedImages={imageRefusals}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending || upload.isPending}
        submitLabel={t('create.submit')}
        cancelTo={listPath}
        onSubmit={(body, images) => void submit(body, images)}
      />
    </Page>
  );
}
