import { useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { formFieldOf, type EntityProblems } from '../form-model';

/**
 * The API's refusals of an entity's form: each field it names, with the
 * API's own message (in the user's language); a taken external id at the
 * external id; anything else (a change by someone else since: 412, a fixed
 * field) under the form. A server error is the app's server error modal's.
 */
export function useEntityRefusals() {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<EntityProblems>({});
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
      const found: EntityProblems = {};
      if (error instanceof ApiError) {
        for (const problem of error.fields) {
          const field = formFieldOf(problem.field);
          if (field) found[field] ??= problem.message;
        }
        if (error.code === 'ENTITY_EXTERNAL_ID_TAKEN') found.externalId = text(error);
      }
      setRefused(found);
      setFailure(Object.keys(found).length > 0 ? null : text(error));
    },
  };
}
