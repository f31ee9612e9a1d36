import type { Item } from '../types';

/** What a screen gives each of its item command dialogs (move, loss, return, quarantine, release, dispute e-mail). */
export interface ItemDialogProps {
  item: Item;
  /** The ETag of the item as shown: the command is sent with If-Match. */
  etag: string | null;
  open: boolean;
  onClose: () => void;
  /** The item changed since it was shown: the screen explains and shows the fresh state. */
  onStale: () => void;
}
