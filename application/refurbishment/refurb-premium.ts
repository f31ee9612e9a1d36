import { DomainError } from '../../domain/shared/domain-error.js';
import type { DocumentStore } from '../ports/document-store.js';
import { ORGANIZATION_COLLECTIONS } from '../organizations/read-models.js';
import type { ClientAccountDocument } from '../organizations/clients/client-read-model.js';

/**
 * The refurbishment's two premium features (specification 001: "refurb
 * steps and refurb diagnosis"), read apart: the steps (their definitions,
 * an item's steps, its economics) need `refurb_steps`; the diagnosis (its
 * questions, a product's questions, an item's diagnosis) needs
 * `refurb_diagnosis`. A diagnosis still plans the steps its answers link;
 * carrying them out needs `refurb_steps`.
 */
export const REFURB_FEATURE = 'refurb_steps';
export const REFURB_DIAGNOSIS_FEATURE = 'refurb_diagnosis';
export type RefurbFeature = typeof REFURB_FEATURE | typeof REFURB_DIAGNOSIS_FEATURE;

/** Whether the provider enabled the feature (the steps unless named) for the account. */
export async function hasRefurbishment(documents: DocumentStore, accountId: string, feature: RefurbFeature = REFURB_FEATURE): Promise<boolean> {
  const account = await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  return (account?.settings.enabledPremiumFeatures ?? []).includes(feature);
}

/** Refuses (403 PREMIUM_FEATURE_NOT_ENABLED, `details.feature`) a refurbishment command or read of an account without the feature (the steps unless named). */
export async function requireRefurbishment(documents: DocumentStore, accountId: string, feature: RefurbFeature = REFURB_FEATURE): Promise<void> {
  if (!(await hasRefurbishment(documents, accountId, feature))) throw new DomainError('PREMIUM_FEATURE_NOT_ENABLED', { feature });
}

/** The diagnosis's check: `refurb_diagnosis`. */
export function requireRefurbDiagnosis(documents: DocumentStore, accountId: string): Promise<void> {
  return requireRefurbishment(documents, accountId, REFURB_DIAGNOSIS_FEATURE);
}
