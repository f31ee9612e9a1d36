import { Dialog, Portal } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface Props {
  open: boolean;
  title: ReactNode;
  /** The explanation, in the dialog's body. */
  children: ReactNode;
  /** The answers, as buttons. */
  footer: ReactNode;
  /** Escape, a click outside or an ActionTrigger; without it the dialog can only be left through its buttons. */
  onDismiss?: () => void;
}

/**
 * The apps' alert dialog (role alertdialog, centred, focus kept inside): a
 * question or a warning that needs an answer before going on.
 */
export function AlertDialog({ open, title, children, footer, onDismiss }: Props) {
  const dismissible = onDismiss !== undefined;
  return (
    <Dialog.Root
      role="alertdialog"
      open={open}
      onOpenChange={(details) => {
        if (!details.open) onDismiss?.();
      }}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      placement="center"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          {/* Scroll areas are capped at 90vh (specification 000 §9): a long message scrolls inside the dialog, whose buttons stay in view. */}
          <Dialog.Content mx={4} maxH="90vh">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body overflowY="auto">{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
