import { Button, type ButtonProps } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useApiErrorText } from '../../shared/buyback-path/components/api-error-alert';
import { api } from '../lib/api-client';
import { download } from './list/export-button';
import { toaster } from './toaster';

/** A buyback's printable documents (GET /api/buybacks/{id}/documents/{kind}). */
export const BUYBACK_DOCUMENT_KINDS = ['transfer-order', 'tracking-sheet', 'voucher'] as const;
export type BuybackDocumentKind = (typeof BUYBACK_DOCUMENT_KINDS)[number];

/** The PDF, as staff (signed in: their visibility filter decides, no documents token). */
export async function getBuybackDocument(buybackId: string, kind: BuybackDocumentKind): Promise<Blob> {
  const response = await api.request<Blob>('GET', `/buybacks/${encodeURIComponent(buybackId)}/documents/${kind}`, { as: 'blob' });
  return response.data;
}

/** Downloads one document, saying in a toast why it could not (no voucher yet, no buyer to name). */
export function useDocumentDownload(buyback: { id: string; identificationNumber: string }) {
  const errorText = useApiErrorText();
  return useMutation({
    mutationFn: (kind: BuybackDocumentKind) => getBuybackDocument(buyback.id, kind).then((pdf) => ({ kind, pdf })),
    onSuccess: ({ kind, pdf }) => download(pdf, `${kind}-${buyback.identificationNumber}.pdf`),
    onError: (error) => {
      if (error instanceof ApiError && error.isServerError) return; // the server error modal says it
      toaster.create({ type: 'error', title: errorText(error) });
    },
  });
}

/** One button downloading one document ("Transfer order (PDF)"). */
export function BuybackDocumentButton({ buyback, kind, ...props }: { buyback: { id: string; identificationNumber: string }; kind: BuybackDocumentKind } & ButtonProps) {
  const { t } = useTranslation('common');
  const fetchDocument = useDocumentDownload(buyback);
  return (
    <Button variant="outline" {...props} loading={fetchDocument.isPending} onClick={() => fetchDocument.mutate(kind)} data-testid={`document-${kind}`}>
      {t(`buybackDocuments.${kind}`)}
    </Button>
  );
}
