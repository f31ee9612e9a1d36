import { useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import type { ClientProblems } from '../components/client-form';
import { formFieldOf } from '../form-model';

/** The API's refusals of a client form: each field it names at its place (with the API's message), and the refusal itself above the tabs. */
export function useClientRefusals() {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<ClientProblems>({});
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
      const found: ClientProblems = {};
      const unplaced: string[] = [];
      if (error instanceof ApiError) {
        for (const problem of error.fields) {
          const field = formFieldOf(problem.field);
          if (field) found[field] ??= problem.message;
          else unplaced.push(problem.message);
        }
      }
      setRefused(found);
      setFailure([text(error), ...unplaced].join(' '));
    },
  };
}
