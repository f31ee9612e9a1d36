import type { PackageCheckInView } from '@server/application/warehouse/warehouse-views';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { buybackKeys, itemKeys, stockKeys } from '../../../../shared/api/query-keys';
import { api } from '../../../lib/api-client';

/**
 * POST /api/warehouse/package-check-ins {number}: every device of a store's
 * package checked in at once; the answer lists each (checked in now, already
 * here, or not registered and why). 400 CHECKIN_PACKAGE_NUMBER_INVALID, 404
 * CHECKIN_PACKAGE_NOT_FOUND, 409 CHECKIN_PACKAGE_NOT_SHIPPED or
 * WAREHOUSE_CHECKIN_DISABLED.
 */
export function checkInPackage(number: string): Promise<PackageCheckInView> {
  return api.post<PackageCheckInView>('/warehouse/package-check-ins', { number }).then((response) => response.data);
}

/** A parcel's check-in moves its items, their buybacks and the stocks' quantities. */
export function useCheckInPackage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: checkInPackage,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: itemKeys.all }),
        queryClient.invalidateQueries({ queryKey: stockKeys.all }),
        queryClient.invalidateQueries({ queryKey: buybackKeys.all }),
      ]),
  });
}
