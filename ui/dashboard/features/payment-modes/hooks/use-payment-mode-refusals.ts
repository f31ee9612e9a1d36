import { useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { formFieldOf, type PaymentModeProblems } from '../form-model';

/**
 * The API's refusals of a payment-mode form: each field it names, with the
 * API's own message (in the user's language); the bonus refused without the
 * premium feature at the bonus; anything else (a change by someone else
 * since: 412) under the form. A server error is the app's server error modal's.
 */
export function usePaymentModeRefusals() {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<PaymentModeProblems>({});
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
      const found: PaymentModeProblems = {};
      if (error instanceof ApiError) {
        for (const problem of error.fields) {
          const field = formFieldOf(problem.field);
          if (field) found[field] ??= problem.message;
        }
        if (error.code === 'PAYMENT_BONUS_NOT_ENABLED') found.modifier = text(error);
      }
      setRefused(found);
      setFailure(Object.keys(found).length > 0 ? null : text(error));
    },
  };
}
