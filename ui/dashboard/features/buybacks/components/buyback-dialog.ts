import type { Buyback } from '../types';

/** What the detail page gives each of its command dialogs (cancel, propose a new price). */
export interface BuybackDialogProps {
  buyback: Buyback;
  /** The ETag of the buyback as shown: the command is sent with If-Match. */
  etag: string | null;
  open: boolean;
  onClose: () => void;
  /** The buyback changed since it was shown: the page explains and shows the fresh state. */
  onStale: () => void;
}
