import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../../../shared/api/client';
import { ApiError } from '../../../lib/api-client';
import { useAddPackageItem, type PackedBuyback } from '../api/add-package-item';

/** What became of the latest code: in the package, refused (the API's code and values), or no answer (the network, the server). */
export type ScanOutcome =
  | { kind: 'added'; buyback: PackedBuyback }
  | { kind: 'refused'; code: string; details: Record<string, unknown> }
  | { kind: 'failure'; error: unknown; typed: string };

/**
 * Scanning into a package: each code is sent at once (a scanner does not
 * wait for the previous answer); only the latest code's outcome is shown,
 * and `onAnswered` gives the field back for the next code.
 */
export function usePackageScan(packageId: string, onAnswered: () => void) {
  const add = useAddPackageItem();
  const [outcome, setOutcome] = useState<ScanOutcome | null>(null);
  const [pending, setPending] = useState(0);
  const latest = useRef(0);

  const scan = async (typed: string) => {
    const code = typed.trim();
    const mine = ++latest.current;
    setPending((count) => count + 1);
    try {
      const answer = await add.mutateAsync({ packageId, code, idempotencyKey: newIdempotencyKey() });
      if (mine === latest.current) setOutcome({ kind: 'added', buyback: answer.buyback });
    } catch (error) {
      if (mine !== latest.current) return;
      if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
        setOutcome({ kind: 'refused', code: error.code, details: error.details ?? {} });
      } else setOutcome({ kind: 'failure', error, typed: code });
    } finally {
      setPending((count) => count - 1);
      if (mine === latest.current) onAnswered();
    }
  };

  return { scan, outcome, pending: pending > 0, forget: () => setOutcome(null) };
}
