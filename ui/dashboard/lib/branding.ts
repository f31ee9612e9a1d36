import { applyBranding, clearBranding } from '../../shared/theme/branding';
import type { Me } from './auth';

/** The tenant's main colour, logo and favicon, from the signed-in user's account. */
export function applyTenantBranding(me: Me): void {
  if (!me.account) return;
  applyBranding({ name: me.account.name, mainColor: me.account.mainColor, secondaryColor: me.account.secondaryColor, logo: me.account.logo, favicon: me.account.favicon });
}

/** Logout clears the tenant's look: the next user may belong to another tenant. */
export function clearTenantBranding(): void {
  clearBranding();
}
