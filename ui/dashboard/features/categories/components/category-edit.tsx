import { Badge, Button, HStack, Tabs } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDeleteDialog } from '../../../components/confirm-delete-dialog';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
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
  const [deleting, setDeleting] = useState(false);
  const listCrumb = { label: t('list.title'), to: categoryPaths.list };

  if (category.isPending) return <LoadingStatus size="lg" py="16" />;
  if (category.isError) return <DetailLoadFailed error={category.error} listCrumb={listCrumb} ns="categories" />;
  const current = category.data;
  const editable = can('category.manage') && current.status === 'active';

  function save(body: CategoryBody) {
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
  }

  function submit(body: CategoryBody) {
    if (body.parentId === current.parentId) return save(body);
    parentChange(id, body.parentId).then(
      (change) => setPending({ body, change }),
      (error) => refusals.refuse(error),
    );
  }

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
            <Button variant="outline" colorPalette="red" onClick={() => setDeleting(true)}>
              {t('actions.delete')}
            </Button>
          </HStack>
        )
      }
    >
      <Tabs.Root defaultValue="general" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="general">{t('edit.tabs.general')}</Tabs.Trigger>
          <Tabs.Trigger value="circuits">{t('edit.tabs.circuits')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('edit.tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">
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
        </Tabs.Content>
        <Tabs.Content value="circuits">
          <CategoryCircuits category={current} editable={can('category.manage')} />
        </Tabs.Content>
        <Tabs.Content value="history">
          <CategoryHistory id={id} />
        </Tabs.Content>
      </Tabs.Root>
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
      <ConfirmDeleteDialog
        open={deleting}
        onClose={() => setDeleting(false)}
        title={t('delete.title', { name: current.label })}
        warning={t('delete.warning')}
        confirmLabel={t('actions.delete')}
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
    </Page>
  );
}
