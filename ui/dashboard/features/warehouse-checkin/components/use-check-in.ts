import type { ItemView } from '@server/application/warehouse/warehouse-views';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { ApiError } from '../../../lib/api-client';
import { ambiguousCandidates, codeRefusal, itemByCodeQueryOptions, type ItemCandidate } from '../../../components/warehouse-item/api/get-item-by-code';
import { itemQueryOptions } from '../../../components/warehouse-item/api/get-item';
import type { CodeProblem } from '../../../components/warehouse-item/read-item-code';
import type { PackageCheckInView } from '@server/application/warehouse/warehouse-views';
import { readPackageNumber } from '@server/domain/logistics/packages/package-number';
import { useCheckInItem } from '../api/check-in-item';
import { useCheckInPackage } from '../api/check-in-package';

/** Why the last code was not checked in, beyond the code itself (shown at the field). */
export type CheckInRefusal =
  /** Its status is not one of a parcel to register (already registered, checked, lost…): the item, once found, to open it. */
  | { kind: 'status'; code: string; status: string; item: ItemView | null }
  /** Its store never shipped it (in the store's open package when `packageNumber` says so): it may be received from the store. */
  | { kind: 'inStore'; code: string; packageNumber: string | null }
  | { kind: 'ambiguous'; candidates: ItemCandidate[]; more: boolean }
  | { kind: 'disabled' }
  /** Anything else (the server, the network): the way to try again. */
  | { kind: 'failure'; error: unknown; code: string };

/**
 * One check-in after another: each code is sent (POST /warehouse/check-ins),
 * and the item it registered read back for the screen; a refusal is sorted
 * into what the operator can act on. The screen shows the latest code's
 * answer (a scan may come while the previous one is on its way); every
 * parcel registered is handed to `onRegistered`. A retry after a
 * failure to answer reuses its Idempotency-Key; any answer ends the intent.
 */
export function useCheckIn(onRegistered: (item: ItemView, latest: boolean) => void) {
  const queryClient = useQueryClient();
  const checkIn = useCheckInItem();
  const keys = useIdempotencyKeys();
  const attempt = useRef(0);
  const [problem, setProblem] = useState<CodeProblem | null>(null);
  const [refusal, setRefusal] = useState<CheckInRefusal | null>(null);
  const [pending, setPending] = useState(false);
  /** The item the latest code registered, until the next code. */
  const [registered, setRegistered] = useState<ItemView | null>(null);
  /** The package the latest code named, and what became of each of its devices. */
  const [parcel, setParcel] = useState<PackageCheckInView | null>(null);
  const checkInPackage = useCheckInPackage();

  /** A package number: every device it carries at once; those checked in now join the session's list. */
  const submitPackage = async (number: string, mine: number) => {
    try {
      const answer = await checkInPackage.mutateAsync(number);
      if (mine === attempt.current) setParcel(answer);
      const arrived = answer.devices.filter((device) => device.result === 'checked_in' && device.itemId);
      for (const device of arrived) {
        const found = await queryClient.fetchQuery(itemQueryOptions(device.itemId as string)).catch(() => null);
        if (found) onRegistered(found.item, false);
      }
    } catch (error) {
      if (mine !== attempt.current) return;
      if (error instanceof ApiError && !error.isServerError && error.code === 'WAREHOUSE_CHECKIN_DISABLED') return setRefusal({ kind: 'disabled' });
      if (error instanceof ApiError && !error.isServerError) {
        const { fields: _fields, correlationId: _id, ...details } = error.details ?? {};
        return setProblem({ code: error.code, details });
      }
      setRefusal({ kind: 'failure', error, code: number });
    }
  };

  const refused = async (code: string, error: unknown, mine: number) => {
    const candidates = ambiguousCandidates(error);
    const onCode = codeRefusal(error);
    if (candidates) return setRefusal({ kind: 'ambiguous', ...candidates });
    if (onCode) return setProblem(onCode);
    if (!(error instanceof ApiError) || error.isServerError) return setRefusal({ kind: 'failure', error, code });
    if (error.code === 'WAREHOUSE_CHECKIN_DISABLED') return setRefusal({ kind: 'disabled' });
    if (error.code === 'ITEM_STILL_IN_STORE') {
      return setRefusal({ kind: 'inStore', code, packageNumber: typeof error.details?.packageNumber === 'string' ? error.details.packageNumber : null });
    }
    if (error.code !== 'ITEM_CHECKIN_STATUS_INVALID') return setRefusal({ kind: 'failure', error, code });
    const status = typeof error.details?.status === 'string' ? error.details.status : '';
    setRefusal({ kind: 'status', code, status, item: null });
    // The refusal names the status, not the item: its code finds it, to link to it.
    const found = await queryClient.fetchQuery(itemByCodeQueryOptions(code)).catch(() => null);
    if (found && mine === attempt.current) setRefusal({ kind: 'status', code, status: found.lookup.item.status, item: found.lookup.item });
  };

  /** `reconcile`: the operator confirmed they hold a device its store never shipped. */
  const submit = async (code: string, reconcile = false) => {
    const mine = ++attempt.current;
    setProblem(null);
    setRefusal(null);
    setRegistered(null);
    setParcel(null);
    setPending(true);
    const number = readPackageNumber(code);
    if (number !== null) {
      await submitPackage(number, mine);
      if (mine === attempt.current) setPending(false);
      return;
    }
    const body = reconcile ? { code, reconcile } : { code };
    try {
      const answer = await checkIn.mutateAsync({ ...body, idempotencyKey: keys.keyFor(body) });
      keys.reset();
      const { item } = await queryClient.fetchQuery(itemQueryOptions(answer.id));
      // Registered even when a later code overtook it: the session keeps every parcel; the screen follows the latest.
      const latest = mine === attempt.current;
      if (latest) setRegistered(item);
      onRegistered(item, latest);
    } catch (error) {
      if (!(error instanceof ApiError && error.isServerError)) keys.reset();
      if (mine === attempt.current) await refused(code, error, mine);
    } finally {
      if (mine === attempt.current) setPending(false);
    }
  };

  return { submit, problem, refusal, pending, registered, parcel };
}
