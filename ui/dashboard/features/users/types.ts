// The screens read the shapes the server sends: the API's user views, the domain's lists and bounds.
export type {
  AssignableUserTypesView as AssignableUserTypes,
  PermissionMatrixView as PermissionMatrix,
  UserDetailView as UserDetail,
  UserHistoryView as UserHistory,
  UserPage,
  UserView as User,
} from '@server/application/organizations/users/user-views.js';
export { ADMIN_TYPES, USER_LIMITS, USER_STATUSES } from '@server/domain/organizations/user/user.js';
export { LOCALES, MODULE_TYPES, USER_TYPES } from '@server/domain/organizations/events.js';
export type { ModuleType, UserType } from '@server/domain/organizations/events.js';
