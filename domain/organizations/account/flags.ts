import type { ModuleType } from '../events.js';

/**
 * Specification 002 §3 "Current organization" (account.isRetailer,
 * account.isBuyerAndWorkshopsSupervisor), read from the account's modules:
 * an account with stores (tim) is a retailer; one with buyers (lcm) or
 * workshops (rps) supervises them. Some settings exist only for one or the
 * other (§6 "Other rules").
 */
export function accountFlags(modules: readonly ModuleType[]): { isRetailer: boolean; isBuyerAndWorkshopsSupervisor: boolean } {
  return { isRetailer: modules.includes('tim'), isBuyerAndWorkshopsSupervisor: modules.includes('lcm') || modules.includes('rps') };
}
