import { Badge, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersBar, ListScreen, SelectFilter, TextFilter, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useEntityChoices } from '../api/get-user';
import { useUsers } from '../api/get-users';
import { EMPTY_USER_FILTERS, USER_MODULE_FILTER, USER_ROLE_FILTER, USER_STATUS_FILTER, userList, type UserFilters, type UserListParams, type UserSortField } from '../list-params';
import { userPaths } from '../paths';
import type { User } from '../types';

interface Props {
  params: UserListParams;
  setParams(next: UserListParams): void;
}

/** An admin user's form is the admin screens'; a client user's, the client screens'. */
export const editPathOf = (user: Pick<User, 'id' | 'adminType'>) => (user.adminType ? userPaths.adminEdit(user.id) : userPaths.clientEdit(user.id));

/** The users: name, e-mail, roles and entities per module, status, last login and creation date. */
export function UsersList({ params, setParams }: Props) {
  const { t, i18n } = useTranslation('users');
  const list = useUsers(params);
  const date = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }), [i18n.language]);

  const columns = useMemo<Array<ListColumn<User, UserSortField>>>(
    () => [
      { id: 'lastname', header: t('fields.lastname'), sort: 'lastname', cell: (user) => <AppLink to={editPathOf(user)}>{user.lastname}</AppLink> },
      { id: 'firstname', header: t('fields.firstname'), sort: 'firstname', cell: (user) => user.firstname },
      { id: 'email', header: t('fields.email'), sort: 'email', cell: (user) => user.email },
      {
        id: 'roles',
        header: t('fields.roles'),
        cell: (user) =>
          user.adminType ? (
            <Badge colorPalette="purple">{t(`roles.${user.adminType}`)}</Badge>
          ) : (
            user.modules.map((role) => (
              <Text key={role.module} fontSize="sm">
                {t(`modules.${role.module}`)} · {t(`roles.${role.userType}`)} · {role.organizationName ?? '—'}
              </Text>
            ))
          ),
      },
      {
        id: 'status',
        header: t('fields.status'),
        sort: 'status',
        cell: (user) => (
          <Badge colorPalette={user.status === 'active' ? 'green' : 'gray'} data-testid="user-status">
            {t(`statuses.${user.status}`)}
          </Badge>
        ),
      },
      { id: 'lastLoginAt', header: t('fields.lastLoginAt'), sort: 'lastLoginAt', nowrap: true, cell: (user) => (user.lastLoginAt ? date.format(new Date(user.lastLoginAt)) : t('list.never')) },
      { id: 'createdAt', header: t('fields.createdAt'), sort: 'createdAt', nowrap: true, cell: (user) => date.format(new Date(user.createdAt)) },
    ],
    [t, date],
  );

  return (
    <ListScreen
      ns="users"
      definition={userList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<Filters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(user) => user.id}
      rowTestId="user-row"
      totalTestId="users-total"
    />
  );
}

function Filters({ value, onApply }: { value: UserFilters; onApply(filters: UserFilters): void }) {
  const { t } = useTranslation('users');
  return (
    <FiltersBar
      ns="users"
      value={value}
      empty={EMPTY_USER_FILTERS}
      onApply={onApply}
      fields={(draft, set) => (
        <>
          <TextFilter label={t('filters.name')} value={draft.name} onChange={set('name')} autoComplete="off" />
          <TextFilter label={t('filters.email')} value={draft.email} onChange={set('email')} autoComplete="off" />
          <SelectFilter
            label={t('filters.status')}
            value={draft.status}
            onChange={(status) => set('status')(status as UserFilters['status'])}
            all={t('filters.all')}
            options={USER_STATUS_FILTER.map((status) => ({ id: status, label: t(`statuses.${status}`) }))}
          />
          <SelectFilter
            label={t('filters.module')}
            value={draft.module}
            onChange={(module) => set('module')(module as UserFilters['module'])}
            all={t('filters.all')}
            options={USER_MODULE_FILTER.map((module) => ({ id: module, label: t(`modules.${module}`) }))}
          />
          <SelectFilter
            label={t('filters.role')}
            value={draft.role}
            onChange={(role) => set('role')(role as UserFilters['role'])}
            all={t('filters.all')}
            options={USER_ROLE_FILTER.map((role) => ({ id: role, label: t(`roles.${role}`) }))}
          />
          <EntityFilter value={draft.entity} onChange={set('entity')} />
        </>
      )}
    />
  );
}

/** The entity filter: one of the entities the caller sees. */
function EntityFilter({ value, onChange }: { value: string; onChange(value: string): void }) {
  const { t } = useTranslation('users');
  const entities = useEntityChoices().data ?? [];
  return (
    <SelectFilter
      label={t('filters.entity')}
      value={value}
      onChange={onChange}
      all={t('filters.all')}
      options={entities.map((entity) => ({ id: entity.id, label: entity.commonName }))}
    />
  );
}
