import { Tabs } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { useUser } from '../api/get-user';
import { useUpdateUser } from '../api/save-user';
import { patchOf, valuesOf, type UserBody } from '../form-model';
import { lastUserListSearch } from '../hooks/use-list-params';
import { useUserRefusals } from '../hooks/use-user-refusals';
import { userPaths } from '../paths';
import { UserForm } from './user-form';
import { UserHistoryTab } from './user-history';

/** A user's form (read-only without user.manage) and its History tab; saved with the revision it was read at. */
export function UserEdit({ id }: { id: string }) {
  const { t } = useTranslation(['users', 'common']);
  const can = useCan();
  const user = useUser(id);
  const update = useUpdateUser();
  const refusals = useUserRefusals();
  const listPath = `${userPaths.list}${lastUserListSearch()}`;
  const listCrumb = { label: t('list.title'), to: listPath };

  if (user.isPending) return <LoadingStatus size="lg" py="16" />;
  if (user.isError) return <DetailLoadFailed error={user.error} listCrumb={listCrumb} ns="users" />;
  const current = user.data;
  const name = `${current.firstname} ${current.lastname}`;
  const editable = can('user.manage') && (current.adminType === null || can('user.assign_admin'));

  function submit(body: UserBody, reason: string) {
    refusals.clear();
    update.mutate(
      { id, body: { ...patchOf(body, valuesOf(current)), reason: reason.trim() || null }, revision: current.revision },
      {
        onSuccess: () => toaster.create({ type: 'success', title: t('notifications.updated', { name: `${body.firstname} ${body.lastname}` }) }),
        onError: (error) => {
          refusals.refuse(error);
          void user.refetch();
        },
      },
    );
  }

  return (
    <Page title={editable ? t('edit.title', { name }) : name} breadcrumbs={[listCrumb, { label: name }]}>
      <Tabs.Root defaultValue="general" variant="line" lazyMount>
        <Tabs.List mb="5">
          <Tabs.Trigger value="general">{t('edit.tabs.general')}</Tabs.Trigger>
          <Tabs.Trigger value="history">{t('edit.tabs.history')}</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="general">
          <UserForm
            key={current.revision}
            initial={valuesOf(current)}
            refused={refusals.refused}
            failure={refusals.failure}
            readOnly={!editable}
            submitting={update.isPending}
            submitLabel={t('common:actions.save')}
            cancelTo={listPath}
            askReason
            onSubmit={submit}
          />
        </Tabs.Content>
        <Tabs.Content value="history">
          <UserHistoryTab id={id} />
        </Tabs.Content>
      </Tabs.Root>
    </Page>
  );
}
