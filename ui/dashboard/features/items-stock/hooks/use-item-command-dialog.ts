import type { CommandAnswer } from '@server/application/views/schema';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { toaster } from '../../../components/toaster';
import type { ItemCommandInput } from '../api/item-command';
import type { ItemDialogProps } from '../components/item-dialog';
import { isStaleItem } from '../errors';

/**
 * What every item command dialog does: its fields emptied each time it
 * opens (`onOpen`), one Idempotency-Key per distinct request (a retry
 * replays), If-Match with the ETag shown; done, it closes and says so; a
 * stale item closes it and the screen explains; any other refusal stays in
 * the dialog, in the API's words.
 */
export function useItemCommandDialog<Body>(
  mutation: UseMutationResult<CommandAnswer, Error, ItemCommandInput<Body>>,
  { item, etag, open, onClose, onStale }: ItemDialogProps,
  { done, onOpen }: { done: string | (() => void); onOpen: () => void },
) {
  const keys = useIdempotencyKeys();
  const errorText = useApiErrorText();
  const [failure, setFailure] = useState<string | null>(null);
  const reset = useRef(onOpen);
  reset.current = onOpen;

  useEffect(() => {
    if (!open) return;
    setFailure(null);
    keys.reset();
    reset.current();
  }, [open, keys]);

  function send(body: Body) {
    setFailure(null);
    mutation.mutate(
      { id: item.id, etag, body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: () => {
          onClose();
          if (typeof done === 'string') toaster.create({ type: 'success', title: done });
          else done();
        },
        onError: (error) => {
          if (isStaleItem(error)) {
            onClose();
            onStale();
          } else if (!(error instanceof ApiError && error.isServerError)) setFailure(errorText(error));
        },
      },
    );
  }

  return { send, failure, submitting: mutation.isPending };
}
