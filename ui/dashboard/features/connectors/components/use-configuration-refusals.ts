import { useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { fieldOfPath, fieldOfRefusal, type ConfigurationField, type PropertyField } from '../form-model';

/**
 * The API's refusals of a configuration's form: each field its validation
 * names, and the refusals that belong to one field (a taken name, the invalid
 * property, a second active configuration) at that field, in the API's own
 * words; anything else (a change by someone else since: 412) under the form.
 * A server error is the app's server error modal's.
 */
export function useConfigurationRefusals(fields: readonly PropertyField[]) {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<Partial<Record<ConfigurationField, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  return {
    refused,
    failure,
    clear() {
      setRefused({});
      setFailure(null);
    },
    /** `sent`: the properties in the order the refused body listed them (a problem may name one by its index). */
    refuse(error: unknown, sent: ReadonlyArray<{ name: string }> = []) {
      if (error instanceof ApiError && error.isServerError) return;
      const found: Partial<Record<ConfigurationField, string>> = {};
      if (error instanceof ApiError) {
        for (const problem of error.fields) {
          const field = fieldOfPath(problem.field, sent, fields);
          if (field) found[field] ??= problem.message;
        }
        const codeField = fieldOfRefusal({ code: error.code, details: error.details, fields: error.fields }, fields);
        if (codeField) found[codeField] ??= text(error);
      }
      setRefused(found);
      setFailure(Object.keys(found).length > 0 ? null : text(error));
    },
  };
}
