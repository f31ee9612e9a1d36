import { useState } from 'react';
import { ApiError } from '../../shared/api/client';
import { useApiErrorText } from '../../shared/buyback-path/components/api-error-alert';

/**
 * The API's refusals of a form: each field the answer names, with the API's
 * own message (in the user's language), and the refusals whose code belongs
 * to one field (a taken e-mail at the e-mail) at that field; anything else (a
 * change by someone else since: 412) under the form. A server error is the
 * app's server error modal's.
 */
export function useFormRefusals<Field extends string, Sent = unknown>(
  fieldOf: (path: string, sent: Sent | undefined) => Field | null,
  fieldOfCode: Readonly<Record<string, Field>> | ((error: ApiError) => Field | null) = {},
) {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    refused,
    failure,
    clear() {
      setRefused({});
      setFailure(null);
    },
    /** `sent`: what the refused request held, when a problem names a part of it by position (a property by its index). */
    refuse(error: unknown, sent?: Sent) {
      if (error instanceof ApiError && error.isServerError) return;
      const found: Partial<Record<Field, string>> = {};
      if (error instanceof ApiError) {
        for (const problem of error.fields) {
          const field = fieldOf(problem.field, sent);
          if (field) found[field] ??= problem.message;
        }
        const codeField = typeof fieldOfCode === 'function' ? fieldOfCode(error) : fieldOfCode[error.code];
        if (codeField) found[codeField] = text(error);
      }
      setRefused(found);
      setFailure(Object.keys(found).length > 0 ? null : text(error));
    },
  };
}
