/**
 * The storefront's legal pages (issue 24, specification 002 §3 "Organization
 * root details"): the retailer's own terms of use (`eula`, /cgu), terms of
 * service (`serviceTerms`, /cgs) and FAQ and contact (`faqAndContact`, /faq),
 * as it wrote them in its settings, with the PDF its general settings name for
 * the page (terms of service, FAQ) when there is one. Public: what a visitor
 * reads before selling.
 */
import { rootDetailsOf } from '../../../domain/organizations/account/account.js';
import type { RootDetails } from '../../../domain/organizations/account/account-events.js';
import { liveAccount, ORGANIZATION_COLLECTIONS, type AccountDocument } from '../../organizations/read-models.js';
import type { DocumentStore } from '../../ports/document-store.js';
import { settingsFileUrl } from '../design/settings-file-read-model.js';
import type { LegalPage, LegalPageView } from './legal-views.js';

/** Where each page's text and PDF live in the root details (terms of use have no PDF of their own). */
const SOURCES: Record<LegalPage, { text: 'eula' | 'serviceTerms' | 'faqAndContact'; pdf: 'serviceTermsFileId' | 'faqFileId' | null }> = {
  'terms-of-use': { text: 'eula', pdf: null },
  'terms-of-service': { text: 'serviceTerms', pdf: 'serviceTermsFileId' },
  faq: { text: 'faqAndContact', pdf: 'faqFileId' },
};

/** A page of the account's storefront, or null when the account has no storefront. */
export async function legalPage(documents: DocumentStore, accountId: string, page: LegalPage): Promise<LegalPageView | null> {
  const account = liveAccount(await documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(accountId));
  if (!account?.whiteLabel) return null;
  const root = rootDetailsOf(account.settings as AccountDocument['settings'] & Partial<RootDetails>);
  const source = SOURCES[page];
  const text = root[source.text]?.trim() || null;
  const fileId = source.pdf ? root[source.pdf] : null;
  return { page, text, pdfUrl: fileId ? settingsFileUrl(fileId) : null };
}
