/**
 * The storefront's legal pages (issue 24): public, the white-label
 * configuration's account unless one is named.
 */
import type { DocumentStore } from '../../../../application/ports/document-store.js';
import { legalPage } from '../../../../application/settings/legal/legal-pages.js';
import { LEGAL_PAGES, LegalPageView } from '../../../../application/settings/legal/legal-views.js';
import { HttpError } from '../../errors.js';
import { defineRoute, type Route } from '../../route.js';
import { StringEnum, Type, uuid } from '../schemas.js';

export interface LegalRouteDeps {
  documents: DocumentStore;
  /** The account the storefront shows when it names none (the white-label configuration's). */
  defaultAccountId(): Promise<string | null>;
}

export function legalRoutes({ documents, defaultAccountId }: LegalRouteDeps): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/white-label/legal/{page}',
      operationId: 'getStorefrontLegalPage',
      summary:
        'A legal page of the storefront as the retailer wrote it in its settings: terms of use (/cgu, the root details’ eula), terms of service (/cgs, serviceTerms, with the terms-of-service PDF of the general settings) or FAQ and contact (/faq, faqAndContact, with the FAQ PDF); a text or PDF not given is null',
      tag: 'public',
      access: { kind: 'public' },
      params: Type.Object({ page: StringEnum(LEGAL_PAGES) }, { additionalProperties: false }),
      query: Type.Object({ accountId: Type.Optional(uuid) }, { additionalProperties: false }),
      response: { status: 200, description: 'The page', schema: LegalPageView },
      otherResponses: { 404: 'No storefront for that account (WHITE_LABEL_NOT_AVAILABLE)' },
      async handler({ params, query }) {
        const accountId = query.accountId ?? (await defaultAccountId());
        const body = accountId ? await legalPage(documents, accountId, params.page) : null;
        if (!body) throw new HttpError('WHITE_LABEL_NOT_AVAILABLE');
        return { body, headers: { 'Cache-Control': 'no-cache' } };
      },
    }),
  ];
}
