import type { Translate } from './replay-data.js';

/**
 * A buyback's state as the replay names it: its status, and within
 * "in processing" the step (being checked, awaiting the customer's answer),
 * from the machine's state path (`bb_in_processing.awaiting_customer_decision`).
 */
export function buybackStateLabel(statePath: string | null, t: Translate): string {
  if (!statePath) return '—';
  const [status, step] = statePath.split('.');
  const label = t(`buybackStatuses.${status}`, { defaultValue: status });
  return step ? `${label} (${t(`processingSteps.${step}`, { defaultValue: step })})` : label;
}

/** An item's status, with how it was completed ("Completed (with negotiation)"). */
export function itemStatusLabel(status: string | null, completion: string | null, t: Translate): string {
  if (!status) return '—';
  const label = t(`api:items.statuses.${status}`, { defaultValue: status });
  return completion ? `${label} (${t(`completions.${completion}`, { defaultValue: completion })})` : label;
}
