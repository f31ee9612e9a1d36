import { Alert, Button, CloseButton, Dialog, Portal, Stack } from '@chakra-ui/react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { pageTitle } from './page';

interface Props {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  onSubmit: (event: FormEvent) => void;
  /** The fields, stacked in the body. */
  children: ReactNode;
  /** A refusal that belongs to no field, shown under them. */
  failure: string | null;
  cancelLabel: string;
  submitLabel: string;
  submitPalette: 'brand' | 'red';
  submitting: boolean;
}

/**
 * The dashboard's command dialog: a form in a centred dialog, its refusal
 * under the fields, cancel and submit in the footer; closing gives the focus
 * back to the page title.
 */
export function FormDialog({ open, onClose, title, onSubmit, children, failure, cancelLabel, submitLabel, submitPalette, submitting }: Props) {
  const { t } = useTranslation('common');
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} finalFocusEl={pageTitle} placement="center" size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <form onSubmit={onSubmit} noValidate style={{ display: 'contents' }}>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="5">
                  {children}
                  {failure && (
                    <Alert.Root status="error" role="alert">
                      <Alert.Indicator />
                      <Alert.Title>{failure}</Alert.Title>
                    </Alert.Root>
                  )}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button type="button" variant="outline" onClick={onClose}>
                  {cancelLabel}
                </Button>
                <Button type="submit" colorPalette={submitPalette} loading={submitting}>
                  {submitLabel}
                </Button>
              </Dialog.Footer>
            </form>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('actions.close')} />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
