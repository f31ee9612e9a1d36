import type { BuybackDocumentsListingView } from '@server/application/payments/documents-listing-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { publicApi } from '../../../lib/api';

/** GET /api/public/buybacks/{id}/documents?token=: the documents a buyback has, opened by its documents token. */
export type DocumentsListing = BuybackDocumentsListingView;
export type ListedDocument = DocumentsListing['documents'][number];

export function listDocuments(buybackId: string, token: string, signal?: AbortSignal): Promise<DocumentsListing> {
  return publicApi.get<DocumentsListing>(`/public/buybacks/${encodeURIComponent(buybackId)}/documents`, { query: { token }, signal });
}

export const documentsListingQueryOptions = (buybackId: string, token: string) =>
  queryOptions({
    queryKey: ['confirmation-docs', buybackId, token] as const,
    queryFn: ({ signal }) => listDocuments(buybackId, token, signal),
    // A wrong or expired link (404, 410) will not become right by asking again.
    retry: false,
  });

export function useDocumentsListing(buybackId: string, token: string) {
  return useQuery(documentsListingQueryOptions(buybackId, token));
}

/** Where a document downloads: with the signed token, never the bare id. */
export function documentHref(buybackId: string, token: string, kind: ListedDocument['kind']): string {
  const id = encodeURIComponent(buybackId);
  const query = `token=${encodeURIComponent(token)}`;
  return kind === 'shipping-label' ? `/api/buybacks/${id}/shipping-label?${query}` : `/api/buybacks/${id}/documents/${kind}?${query}`;
}
