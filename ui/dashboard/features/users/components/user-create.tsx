import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useMe } from '../../../lib/auth';
import { useCreateUser } from '../api/save-user';
import { newUser, type UserBody } from '../form-model';
import { lastUserListSearch } from '../hooks/use-list-params';
import { useUserRefusals } from '../hooks/use-user-refusals';
import { userPaths } from '../paths';
import { editPathOf } from './users-list';
import { UserForm } from './user-form';

/** A new user: an admin user (provider staff, the admin screens) or a client user with their modules; invited by e-mail once created. */
export function UserCreate({ admin }: { admin: boolean }) {
  const { t } = useTranslation(['users', 'common']);
  const me = useMe();
  const navigate = useNavigate();
  const create = useCreateUser();
  const refusals = useUserRefusals();
  const listPath = `${userPaths.list}${lastUserListSearch()}`;
  const title = t(admin ? 'create.adminTitle' : 'create.title');

  function submit(body: UserBody) {
    refusals.clear();
    create.mutate(body, {
      onSuccess: (answer) => {
        toaster.create({ type: 'success', title: t('notifications.created', { name: `${body.firstname} ${body.lastname}`, email: body.email }) });
        void navigate(editPathOf({ id: answer.id, adminType: body.adminType ?? null }));
      },
      onError: (error) => refusals.refuse(error),
    });
  }

  return (
    <Page title={title} breadcrumbs={[{ label: t('list.title'), to: listPath }, { label: title }]}>
      <UserForm
        initial={newUser(admin, me.locale)}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        submitLabel={t('create.submit')}
        cancelTo={listPath}
        onSubmit={submit}
      />
    </Page>
  );
}
