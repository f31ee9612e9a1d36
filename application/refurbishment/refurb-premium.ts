import { DomainError } from '../../domain/shared/domain-error.js';
import type { DocumentStore } from '../ports/document-store.js';
import { ORGANIZATION_COLLECTIONS } from '../organizations/read-models.js';
import type { ClientAccountDocument } from '../organizations/clients/client-read-model.js';

/** The premium feature the whole refurbishment part needs (specification 001: "refurb steps and refurb diagnosis"). */
export const REFURB_FEATURE = 'refurb_steps';

/** Whether the provider enabled the refurbishment for the account. */
export async function hasRefurbishment(documents: DocumentStore, accountId: string): Promise<boolean> {
  const account = await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  return (account?.settings.enabledPremiumFeatures ?? []).includes(REFURB_FEATURE);
}

/** Refuses (403 PREMIUM_FEATURE_NOT_ENABLED, `details.feature`) every refurbishment command and read of an account without the feature. */
export async function requireRefurbishment(documents: DocumentStore, accountId: string): Promise<void> {
  if (!(await hasRefurbishment(documents, accountId))) throw new DomainError('PREMIUM_FEATURE_NOT_ENABLED', { feature: REFURB_FEATURE });
}
