import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { useCreateCategory } from '../api/categories';
import { CategoryForm } from '../components/category-form';
import { formFieldOf, NEW_CATEGORY } from '../form-model';
import { categoryPaths } from '../paths';
import type { CategoryBody } from '../types';

/** /category/create (?parentId= to start under a category): a new category of the catalogue; its form opens once it is created. */
export function Component() {
  const { t } = useTranslation('categories');
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const create = useCreateCategory();
  const keys = useIdempotencyKeys();
  const refusals = useFormRefusals<string>(formFieldOf, { CATEGORY_IDENTIFIER_TAKEN: 'identifier' });

  function submit(body: CategoryBody) {
    refusals.clear();
    create.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (answer) => {
          toaster.create({ type: 'success', title: t('notifications.created', { name: body.label }) });
          void navigate(categoryPaths.edit(answer.id));
        },
        onError: refusals.refuse,
      },
    );
  }

  return (
    <Page title={t('create.title')} breadcrumbs={[{ label: t('list.title'), to: categoryPaths.list }, { label: t('create.title') }]}>
      <CategoryForm
        initial={NEW_CATEGORY(search.get('parentId') ?? '')}
        categoryId={null}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        submitLabel={t('create.submit')}
        cancelTo={categoryPaths.list}
        onSubmit={submit}
      />
    </Page>
  );
}
