import type { QueryClient } from '@tanstack/react-query';
import { buybackKeys, expeditionKeys, packageKeys } from '../../../../shared/api/query-keys';

/** A package command changes the package, the lists, the devices waiting to leave and their buybacks (status, package). */
export function invalidateAfterPackageCommand(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: packageKeys.all }),
    queryClient.invalidateQueries({ queryKey: expeditionKeys.all }),
    queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
  ]);
}
