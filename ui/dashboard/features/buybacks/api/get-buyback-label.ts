import { api } from '../../../lib/api-client';

export type BuybackLabelKind = 'shipping-label' | 'return-label';

/**
 * GET /api/buybacks/{id}/shipping-label or /return-label: the PDF, as staff
 * (signed in: no documents token). 425 SHIPPING_LABEL_NOT_READY while the
 * carrier makes it, 404 when none is expected: both come back as ApiError.
 */
export async function getBuybackLabel(buybackId: string, kind: BuybackLabelKind): Promise<Blob> {
  const response = await api.request<Blob>('GET', `/buybacks/${encodeURIComponent(buybackId)}/${kind}`, { as: 'blob' });
  return response.data;
}
