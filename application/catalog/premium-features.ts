/**
 * The premium features the provider enabled for an account (its
 * `settings.enabledPremiumFeatures`, specification 002 §6), read where a
 * command or a read they switch is run: without the feature it is refused
 * with the shared 403 PREMIUM_FEATURE_NOT_ENABLED naming it
 * (`details.feature`), as the pricing features (domain/catalog/pricing),
 * the refurbishment's and the SFTP's are.
 */
import { DomainError } from '../../domain/shared/domain-error.js';
import type { PremiumFeature } from '../../domain/organizations/account/account-events.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { ClientAccountDocument } from '../organizations/clients/client-read-model.js';
import { ORGANIZATION_COLLECTIONS } from '../organizations/read-models.js';

/** The account's enabled premium features (none for an unknown account). */
export async function premiumFeaturesOf(documents: DocumentStore, accountId: string): Promise<readonly string[]> {
  const account = await documents.collection<ClientAccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId);
  return account?.settings.enabledPremiumFeatures ?? [];
}

/** Refuses (403 PREMIUM_FEATURE_NOT_ENABLED, `details.feature`) what needs `feature` for an account without it. */
export async function requirePremiumFeature(documents: DocumentStore, accountId: string, feature: PremiumFeature): Promise<void> {
  if (!(await premiumFeaturesOf(documents, accountId)).includes(feature)) throw new DomainError('PREMIUM_FEATURE_NOT_ENABLED', { feature });
}
