import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { createDisplayFlag, isServerFailure, type ServerErrorAlert } from '../../shared/api/server-error-alert';
import { ServerErrorDialog } from '../../shared/components/server-error-dialog';
import { paths } from '../app/paths';

/** The storefront's routes a server error's button may go to by name (specification 002 §3 "Error state": redirectToRoute). */
export const STOREFRONT_NAMED_ROUTES = { home: paths.home.to(), search: paths.search.to(), cartSummary: paths.cartSummary.to() } as const;
export type StorefrontRoute = keyof typeof STOREFRONT_NAMED_ROUTES;
export type StorefrontServerErrorOptions = Omit<ServerErrorAlert<StorefrontRoute>, 'error'>;

/** One display flag for the whole storefront: a burst of failures on one screen gives one modal (3,000 ms). */
const displayFlag = createDisplayFlag();

/**
 * The server (or network) error modal of the tunnel and the cart (the
 * dashboard's, from ui/shared): shown when `error` becomes a server failure
 * (a refusal, 4xx, stays the screen's business), with the screen's options.
 * Imported by those lazy pages only: nothing of it in the first load.
 */
export function ServerErrorModal({ error, ...options }: { error: unknown } & StorefrontServerErrorOptions) {
  const [alert, setAlert] = useState<ServerErrorAlert<StorefrontRoute> | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    if (isServerFailure(error) && displayFlag.raise()) setAlert({ error, ...options });
    // The options are the screen's constants: a new error alone raises the modal.
  }, [error]);
  return <ServerErrorDialog alert={alert} routes={STOREFRONT_NAMED_ROUTES} home={STOREFRONT_NAMED_ROUTES.home} navigate={(path) => void navigate(path)} onClear={() => setAlert(null)} />;
}
