import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client';
import type { PermissionMatrix } from '../types';
import { userKeys } from './user-keys';

/** GET /api/permission-matrix: each permission, what it allows in the user's language, and who holds it. */
export function usePermissionMatrix() {
  const { i18n } = useTranslation();
  return useQuery({ queryKey: userKeys.matrix(i18n.language), queryFn: ({ signal }) => api.get<PermissionMatrix>('/permission-matrix', { signal }) });
}
