import { useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import type { StockProblems } from '../components/stock-form';
import { stockRefusalField } from '../stock-errors';

/**
 * The API's refusals of a stock form: on the field they name (the name
 * already used…), or, naming none, as the form's failure. A server error is
 * the app's server error modal's.
 */
export function useStockRefusals() {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<StockProblems>({});
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
      const field = stockRefusalField(error);
      if (field) setRefused({ [field]: text(error) });
      else setFailure(text(error));
    },
  };
}
