import { useCallback, useState } from 'react';
import { browserStorage } from '../../../../shared/buyback-path/browser-storage';
import { useMe } from '../../../lib/auth';
import { readLog, withCheckedIn, writeLog, type CheckedIn } from '../session-log';

/**
 * The parcels this user checked in in this tab: kept in sessionStorage, so
 * opening a confirmation and coming back keeps the list; another tab or
 * another user starts afresh.
 */
export function useSessionLog() {
  const me = useMe();
  const key = `warehouse-checkin.session.${me.id}`;
  const [log, setLog] = useState<CheckedIn[]>(() => readLog(browserStorage('sessionStorage'), key));
  const add = useCallback(
    (entry: CheckedIn) =>
      setLog((current) => {
        const next = withCheckedIn(current, entry);
        writeLog(browserStorage('sessionStorage'), key, next);
        return next;
      }),
    [key],
  );
  const clear = useCallback(() => {
    writeLog(browserStorage('sessionStorage'), key, []);
    setLog([]);
  }, [key]);
  return { log, add, clear };
}
