import { useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { formFieldOf, type UserProblems } from '../form-model';

/**
 * The API's refusals of a user's form: each field it names, with the API's
 * own message (in the user's language); an e-mail another user has at the
 * e-mail; anything else (admin-only fields, a change by someone else since)
 * under the form. A server error is the app's server error modal's.
 */
export function useUserRefusals() {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<UserProblems>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    refused,
    failure,
    clear() {
      setRefused({});
      setFailure(null);
    },
    refuse(error: unknown) {
      if (error instanceof ApiError && error.isServerError) return;
      const found: UserProblems = {};
      if (error instanceof ApiError) {
        for (const problem of error.fields) {
          const field = formFieldOf(problem.field);
          if (field) found[field] ??= problem.message;
        }
        if (error.code === 'USER_EMAIL_TAKEN') found.email = text(error);
      }
      setRefused(found);
      setFailure(Object.keys(found).length > 0 ? null : text(error));
    },
  };
}
