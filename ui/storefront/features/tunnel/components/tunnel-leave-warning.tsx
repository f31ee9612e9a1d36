import { useCallback } from 'react';
import { hasUnregisteredDevices, hasUnsavedAnswers, LeaveWarning } from '../../../../shared/buyback-path/leave-warning';
import { useCart } from '../../../../shared/buyback-path/use-cart';
import { tunnelPaths } from '../paths';

/** The tunnel's own pages (its diagnostic, the cart's details and summary) and where it ends (the confirmation, the estimate error). */
function inTunnel(pathname: string): boolean {
  return pathname.startsWith('/diag') || pathname.startsWith('/cart/') || pathname === tunnelPaths.estimateError || pathname === tunnelPaths.confirmation.pattern;
}

/**
 * The tunnel's leave-warning: answers not yet in the basket are lost when
 * the visitor leaves the tunnel; devices in the basket, when they leave it
 * for anything but the search (adding another product is part of the basket).
 */
export function TunnelLeaveWarning() {
  const { store } = useCart();
  const warnBefore = useCallback(
    (next: string | null) => {
      if (next !== null && inTunnel(next)) return false;
      const cart = store.getSnapshot();
      return hasUnsavedAnswers(cart) || (hasUnregisteredDevices(cart) && next !== tunnelPaths.search);
    },
    [store],
  );
  return <LeaveWarning warnBefore={warnBefore} />;
}
