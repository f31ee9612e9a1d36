import type { ItemLookupView } from '@server/application/warehouse/warehouse-views';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { itemKeys } from '../../../../shared/api/query-keys';
import { api, ApiError } from '../../../lib/api-client';
import { noRetryOnRefusal } from './retry';

export interface ItemLookup {
  lookup: ItemLookupView;
  /** The item's revision, for If-Match. */
  etag: string | null;
}

/**
 * GET /api/items/by-code/{code}: the item a buyback code or an item code
 * names, with what its check needs of its buyback. 404
 * ITEM_CODE_NOT_RECOGNISED, 409 ITEM_CODE_AMBIGUOUS (the candidates), 400
 * ITEM_CODE_* for a malformed code.
 */
export async function getItemByCode(code: string, signal?: AbortSignal): Promise<ItemLookup> {
  const response = await api.request<ItemLookupView>('GET', `/items/by-code/${encodeURIComponent(code)}`, { signal });
  return { lookup: response.data, etag: response.etag };
}

export const itemByCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: itemKeys.byCode(code),
    queryFn: ({ signal }) => getItemByCode(code, signal),
    // What a code answers changes with every command on its item: asked again on every visit.
    staleTime: 0,
    retry: noRetryOnRefusal,
  });

export function useItemByCode(code: string | undefined) {
  return useQuery({ ...itemByCodeQueryOptions(code ?? ''), enabled: Boolean(code) });
}

/** One of the items an 8-character code names (409 ITEM_CODE_AMBIGUOUS). */
export interface ItemCandidate {
  id: string;
  /** Its buyback (what the auditor's replay opens). */
  buybackId?: string;
  identificationNumber: string;
  product: string;
  status: string;
}

/** The candidates of an ambiguous code, or null for any other answer. */
export function ambiguousCandidates(error: unknown): { candidates: ItemCandidate[]; more: boolean } | null {
  if (!(error instanceof ApiError) || error.code !== 'ITEM_CODE_AMBIGUOUS') return null;
  const candidates = Array.isArray(error.details?.candidates) ? (error.details.candidates as ItemCandidate[]) : [];
  return { candidates, more: error.details?.more === true };
}

/** A refusal of the code itself (malformed: 400 ITEM_CODE_*; not recognised or not this warehouse's: 404), shown at the field. */
export function codeRefusal(error: unknown): { code: string; details: Record<string, unknown> } | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400 || error.code === 'ITEM_CODE_NOT_RECOGNISED' || error.code === 'ITEM_NOT_ASSIGNED_TO_WAREHOUSE') {
    const { fields: _fields, correlationId: _id, ...details } = error.details ?? {};
    return { code: error.code, details };
  }
  return null;
}
