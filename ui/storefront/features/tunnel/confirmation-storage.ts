import type { ConfirmedBuyback } from '../../../shared/buyback-path/components/confirmation-codes';

/**
 * sessionStorage `tradein.storefront.confirmations`: what the creates
 * answered (id, 13-digit code) with what the visitor chose, by buyback id.
 * The confirmation page reads it: a storefront visitor's token may create a
 * web buyback but not read one back (pseudo_anonymous has catalog.read and
 * buyback.create_web only), so the page shows what this tab registered.
 */
const KEY = 'tradein.storefront.confirmations';
const KEPT = 20;

function read(): ConfirmedBuyback[] {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as ConfirmedBuyback[]) : [];
  } catch {
    return [];
  }
}

export function rememberConfirmation(buyback: ConfirmedBuyback): void {
  const kept = [buyback, ...read().filter((b) => b.id !== buyback.id)].slice(0, KEPT);
  try {
    sessionStorage.setItem(KEY, JSON.stringify(kept));
  } catch {
    // Storage refused: the confirmation page will say it cannot show the details.
  }
}

export function confirmationsOf(ids: readonly string[]): ConfirmedBuyback[] {
  const stored = read();
  return ids.flatMap((id) => stored.filter((b) => b.id === id));
}
