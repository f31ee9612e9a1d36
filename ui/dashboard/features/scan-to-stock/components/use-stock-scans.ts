import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { ambiguousCandidates, codeRefusal, itemByCodeQueryOptions, type ItemCandidate } from '../../../components/warehouse-item/api/get-item-by-code';
import { useMoveToStock } from '../api/move-to-stock';

/** Why a scan moved nothing: what the operator needs to act on it. */
export type ScanRefusal =
  /** The code itself: malformed, or naming no device of the warehouse (`api:errors.<code>`). */
  | { kind: 'code'; code: string; details: Record<string, unknown> }
  /** Several devices share the 8-character code: which ones. */
  | { kind: 'ambiguous'; candidates: ItemCandidate[]; more: boolean }
  | { kind: 'alreadyThere' }
  /** Its status allows no move (in transit, lost, returned…). */
  | { kind: 'notMovable'; status: string }
  /** The move's own refusal (`api:errors.<code>`). */
  | { kind: 'refused'; code: string; details: Record<string, unknown> }
  | { kind: 'failure'; error: unknown };

export interface StockScan {
  key: number;
  code: string;
  state: 'pending' | 'moved' | 'refused' | 'undone';
  itemId: string | null;
  identificationNumber: string | null;
  product: string | null;
  /** The stock it left: where an undo puts it back. */
  fromStockId: string | null;
  refusal: ScanRefusal | null;
}

const SCANS_KEPT = 200;

/**
 * Device after device into one stock: each code looked up, then moved by the
 * item's move command with the default reason (one item event each, with who
 * and when); each scan's result kept, newest first; the last move undone by
 * moving the device back where it was, for the undo reason.
 */
export function useStockScans(stockId: string, reasons: { move: string; undo: string }) {
  const queryClient = useQueryClient();
  const move = useMoveToStock();
  const next = useRef(0);
  const [scans, setScans] = useState<StockScan[]>([]);
  const [undoing, setUndoing] = useState(false);

  const update = (key: number, change: Partial<StockScan>) => setScans((all) => all.map((scan) => (scan.key === key ? { ...scan, ...change } : scan)));
  const refuse = (key: number, refusal: ScanRefusal) => update(key, { state: 'refused', refusal });

  const submit = async (code: string) => {
    const key = ++next.current;
    setScans((all) => [{ key, code, state: 'pending' as const, itemId: null, identificationNumber: null, product: null, fromStockId: null, refusal: null }, ...all].slice(0, SCANS_KEPT));
    let found;
    try {
      found = await queryClient.fetchQuery(itemByCodeQueryOptions(code));
    } catch (error) {
      const candidates = ambiguousCandidates(error);
      if (candidates) return refuse(key, { kind: 'ambiguous', ...candidates });
      const onCode = codeRefusal(error);
      if (onCode) return refuse(key, { kind: 'code', ...onCode });
      return refuse(key, { kind: 'failure', error });
    }
    const { item } = found.lookup;
    update(key, { itemId: item.id, identificationNumber: item.identificationNumber, product: item.product.label, fromStockId: item.stockId });
    if (item.stockId === stockId) return refuse(key, { kind: 'alreadyThere' });
    if (!item.allowedActions.includes('MoveItem')) return refuse(key, { kind: 'notMovable', status: item.status });
    try {
      await move.mutateAsync({ itemId: item.id, stockId, reason: reasons.move, etag: found.etag });
      update(key, { state: 'moved' });
    } catch (error) {
      if (error instanceof ApiError && !error.isServerError) {
        if (error.code === 'ITEM_TRANSITION_NOT_ALLOWED') return refuse(key, { kind: 'notMovable', status: String(error.details?.status ?? item.status) });
        const { fields: _fields, correlationId: _id, ...details } = error.details ?? {};
        return refuse(key, { kind: 'refused', code: error.code, details });
      }
      refuse(key, { kind: 'failure', error });
    }
  };

  /** The newest scan that moved a device: the one an undo takes back. */
  const last = scans.find((scan) => scan.state === 'moved' && scan.fromStockId !== null) ?? null;

  const undo = async () => {
    if (!last?.itemId || !last.fromStockId) return;
    setUndoing(true);
    try {
      await move.mutateAsync({ itemId: last.itemId, stockId: last.fromStockId, reason: reasons.undo, etag: null });
      update(last.key, { state: 'undone' });
    } catch (error) {
      if (error instanceof ApiError && !error.isServerError) {
        const { fields: _fields, correlationId: _id, ...details } = error.details ?? {};
        refuse(last.key, { kind: 'refused', code: error.code, details });
      } else refuse(last.key, { kind: 'failure', error });
    } finally {
      setUndoing(false);
    }
  };

  const moved = scans.filter((scan) => scan.state === 'moved').length;
  return { scans, submit, undo, canUndo: last !== null, undoing, moved, pending: scans.some((scan) => scan.state === 'pending') };
}
