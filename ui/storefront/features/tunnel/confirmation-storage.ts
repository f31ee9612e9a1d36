import type { ConfirmedBuyback } from '../../../shared/buyback-path/components/confirmation-codes';
import { confirmationsCookie, confirmationsInCookies } from './confirmation-cookie';

/**
 * sessionStorage `tradein.storefront.confirmations`: what the creates
 * answered (id, 13-digit code) with what the visitor chose, by buyback id.
 * The confirmation page reads it: a storefront visitor's token may create a
 * web buyback but not read one back (pseudo_anonymous has catalog.read and
 * buyback.create_web only), so the page shows what this browser registered.
 * The same records go to a cookie only the confirmation page receives
 * (confirmation-cookie.ts), from which the server renders that page.
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
    // Storage refused: the cookie below may still hold it.
  }
  const known = confirmationsInCookies(document.cookie).filter((b) => !kept.some((k) => k.id === b.id));
  document.cookie = confirmationsCookie([...kept, ...known], window.location.protocol === 'https:');
}

/** On the server (app/server.tsx): the records of the visitor the page is rendered for (its cookie), instead of the browser's. */
let fromServer: (() => readonly ConfirmedBuyback[]) | null = null;

export function confirmationsFromServer(records: () => readonly ConfirmedBuyback[]): void {
  fromServer = records;
}

/** The records of `ids`, in their order: the tab's, else the browser's cookie (the server's render read the same cookie). */
export function confirmationsOf(ids: readonly string[]): ConfirmedBuyback[] {
  const stored = fromServer ? [...fromServer()] : [...read(), ...confirmationsInCookies(document.cookie)];
  return ids.flatMap((id) => stored.find((b) => b.id === id) ?? []);
}
