import { Button, Text } from '@chakra-ui/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { AlertDialog } from '../components/alert-dialog';
import type { Cart } from './cart-store';

/** Answers given to the declaration being made, not yet in the cart. */
export function hasUnsavedAnswers(cart: Cart): boolean {
  const draft = cart.draft;
  if (!draft) return false;
  return Object.values(draft.answers).some((answerIds) => answerIds.length > 0);
}

/** Devices in the cart, not registered yet. */
export function hasUnregisteredDevices(cart: Cart): boolean {
  return cart.items.length > 0;
}

interface Options {
  /**
   * Whether leaving for `nextPathname` (null: closing or reloading the tab)
   * loses something: read when the user leaves, never a value of a past
   * render (the cart may have been registered in the same tick).
   */
  warnBefore(nextPathname: string | null): boolean;
}

/**
 * The leave-warning of the buyback path (specification 000 §4): leaving the
 * tunnel or a cart with unsaved answers asks for confirmation, in the app
 * (react-router's blocker) and when the tab is closed or reloaded (the
 * browser's own `beforeunload` question). Once the cart is registered, or its
 * last item removed, nothing is unsaved any more and nothing is asked.
 */
export function LeaveWarning({ warnBefore }: Options) {
  const { t } = useTranslation('buyback-path');
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && warnBefore(nextLocation.pathname));

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!warnBefore(null)) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [warnBefore]);

  return (
    <AlertDialog
      open={blocker.state === 'blocked'}
      onDismiss={() => blocker.reset?.()}
      title={t('leave.title')}
      footer={
        <>
          <Button variant="outline" onClick={() => blocker.reset?.()}>
            {t('leave.stay')}
          </Button>
          <Button colorPalette="red" onClick={() => blocker.proceed?.()}>
            {t('leave.leave')}
          </Button>
        </>
      }
    >
      <Text>{t('leave.text')}</Text>
    </AlertDialog>
  );
}
