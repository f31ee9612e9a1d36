import { useState } from 'react';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import type { PlacedProblem } from '../components/rule-form';
import { refusalPlace } from '../rule-form-model';

/** Another administrator changed the rules since the screen loaded them: a stale If-Match (412) or a lost race (409). */
export function isStaleRules(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 412 || error.code === 'CONCURRENT_MODIFICATION' || error.code === 'DISPATCH_RULE_ORDER_MISMATCH');
}

/**
 * The API's refusal of a rule, at the field it names (api:errors.<CODE>);
 * a stale revision goes to `onStale` (the screen reloads and says so); a
 * server error is the app's server error modal's.
 */
export function useRuleRefusal(onStale?: () => void) {
  const text = useApiErrorText();
  const [refused, setRefused] = useState<PlacedProblem | null>(null);
  return {
    refused,
    clear: () => setRefused(null),
    refuse(error: unknown) {
      if (error instanceof ApiError && error.isServerError) return;
      if (onStale && isStaleRules(error)) {
        onStale();
        return;
      }
      setRefused({ place: refusalPlace(error), text: text(error) });
    },
  };
}
