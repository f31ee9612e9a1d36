import { Badge, Button, HStack } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction, DetailStatus, EditTabs } from '../../../components/edit-scaffold';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { useCan } from '../../../lib/auth';
import { parentChange, useArchiveCategory, useCategory, useDeleteCategory, useUpdateCategory } from '../api/categories';
import { formFieldOf, valuesOf } from '../form-model';
import { categoryPaths } from '../paths';
import type { CategoryBody, ParentChange } from '../types';
import { CategoryCircuits } from './category-circuits';
import { ArchiveDialog, ParentChangeDialog } from './category-dialogs';
import { CategoryForm } from './category-form';
import { CategoryHistory } from './category-history';

/**
 * A category's form (read-only without category.manage, or once archived),
 * its circuits and its History tab; a new parent is saved once the inherited
 * questions it changes are confirmed; archive after its checkpoints; delete
 * (its refusal said in the dialog).
 */
export function CategoryEdit({ id }: { id: string }) {
  const { t } = useTranslation(['categories', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const category = useCategory(id);
  const update = useUpdateCategory();
  const archive = useArchiveCategory();
  const remove = useDeleteCategory();
  const refusals = useFormRefusals<string>(formFieldOf, { CATEGORY_IDENTIFIER_TAKEN: 'identifier', CATEGORY_BUYER_PROVIDER_ONLY: 'buyerId' });
  const [pending, setPending] = useState<{ body: CategoryBody; change: ParentChange } | null>(null);
  const [archiving, setArchiving] = useState(false);
  const listCrumb = { label: t('list.title'), to: categoryPaths.list };

  const current = category.isError ? undefined : category.data;
  if (!current) return <DetailStatus query={category} listCrumb={listCrumb} ns="categories" />;
  const editable = can('category.manage') && current.status === 'active';

  const save = (body: CategoryBody) => {
    refusals.clear();
    update.mutate(
      { id, body, revision: current.revision },
      {
        onSuccess: () => {
          setPending(null);
          toaster.create({ type: 'success', title: t('notifications.updated', { name: body.label }) });
        },
        onError: (error) => {
          setPending(null);
          refusals.refuse(error);
          void category.refetch();
        },
      },
    );
  };

  const submit = (body: CategoryBody) => {
    if (body.parentId === current.parentId) return save(body);
    parentChange(id, body.parentId).then(
      (change) => setPending({ body, change }),
      (error) => refusals.refuse(error),
    );
  };

  return (
    <Page
      title={editable ? t('edit.title', { name: current.label }) : current.label}
      breadcrumbs={[listCrumb, { label: current.label }]}
      titleAddon={current.status === 'archived' ? <Badge colorPalette="gray">{t('statuses.archived')}</Badge> : undefined}
      actions={
        can('category.manage') && (
          <HStack gap="2">
            {current.status === 'active' && (
              <Button variant="outline" onClick={() => setArchiving(true)}>
                {t('actions.archive')}
              </Button>
            )}
            <DeleteAction
              label={t('actions.delete')}
              title={t('delete.title', { name: current.label })}
              warning={t('delete.warning')}
              pending={remove.isPending}
              onConfirm={(refused) =>
                remove.mutate(
                  { id },
                  {
                    onSuccess: () => {
                      toaster.create({ type: 'success', title: t('notifications.deleted', { name: current.label }) });
                      void navigate(categoryPaths.list);
                    },
                    onError: refused,
                  },
                )
              }
            />
          </HStack>
        )
      }
    >
      <EditTabs
        tabs={[
          {
            value: 'general',
            label: t('edit.tabs.general'),
            content: (
              <CategoryForm
                key={current.revision}
                initial={valuesOf(current)}
                categoryId={id}
                refused={refusals.refused}
                failure={refusals.failure}
                readOnly={!editable}
                submitting={update.isPending}
                submitLabel={t('common:actions.save')}
                cancelTo={categoryPaths.list}
                onSubmit={submit}
              />
            ),
          },
          { value: 'circuits', label: t('edit.tabs.circuits'), content: <CategoryCircuits category={current} editable={can('category.manage')} /> },
          { value: 'history', label: t('edit.tabs.history'), content: <CategoryHistory id={id} /> },
        ]}
      />
      <ParentChangeDialog change={pending?.change ?? null} onCancel={() => setPending(null)} onConfirm={() => pending && save(pending.body)} pending={update.isPending} />
      <ArchiveDialog
        id={id}
        open={archiving}
        onCancel={() => setArchiving(false)}
        pending={archive.isPending}
        onConfirm={() =>
          archive.mutate(
            { id, revision: current.revision },
            {
              onSuccess: () => {
                setArchiving(false);
                toaster.create({ type: 'success', title: t('notifications.archived', { name: current.label }) });
              },
              onError: (error) => {
                setArchiving(false);
                refusals.refuse(error);
              },
            },
          )
        }
      />
    </Page>
  );
}
