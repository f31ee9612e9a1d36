import { Dialog, Portal } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

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
 *
 * Its portal is rendered from its first opening on (then kept, for the
 * closing animation): a portal in a server-rendered page renders again, at
 * once and in one task, as soon as the page is hydrated (Ark UI's Portal
 * knows it is in a browser only then), and every page of the tunnel holds
 * a closed dialog (the leave-warning).
 */
export function AlertDialog({ open, title, children, footer, onDismiss }: Props) {
  const dismissible = onDismiss !== undefined;
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
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
      {opened && (
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
      )}
    </Dialog.Root>
  );
}
