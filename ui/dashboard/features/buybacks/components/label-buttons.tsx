import { Button } from '@chakra-ui/react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { download } from '../../../components/list/export-button';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { getBuybackLabel, type BuybackLabelKind } from '../api/get-buyback-label';
import { useBuybackItem } from '../api/get-buyback-item';
import type { Buyback } from '../types';

/** Item statuses whose device goes back to its customer: a return label exists for them. */
const RETURNING = new Set(['item_to_return', 'item_returned']);

/**
 * The labels staff may print from a buyback: its carrier label once the
 * carrier gave one (its package's, or a web customer's own), and the return
 * label of a device going back to its customer, for holders of
 * transport.return_label. A label still being made says so.
 */
export function LabelButtons({ buyback }: { buyback: Buyback }) {
  const can = useCan();
  const item = useBuybackItem(buyback.id, can('item.list'));
  const returning = can('transport.return_label') && RETURNING.has(item.data?.status ?? '');
  return (
    <>
      {buyback.tracking?.carrier && <LabelButton buyback={buyback} kind="shipping-label" />}
      {returning && <LabelButton buyback={buyback} kind="return-label" />}
    </>
  );
}

function LabelButton({ buyback, kind }: { buyback: Buyback; kind: BuybackLabelKind }) {
  const { t } = useTranslation('buybacks');
  const errorText = useApiErrorText();
  const fetchLabel = useMutation({
    mutationFn: () => getBuybackLabel(buyback.id, kind),
    onSuccess: (pdf) => download(pdf, `${kind}-${buyback.identificationNumber}.pdf`),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 425) {
        toaster.create({ type: 'info', title: t('labels.notReady') });
        return;
      }
      if (error instanceof ApiError && error.isServerError) return; // the server error modal says it
      toaster.create({ type: 'error', title: errorText(error) });
    },
  });
  return (
    <Button variant="outline" loading={fetchLabel.isPending} onClick={() => fetchLabel.mutate()} data-testid={kind}>
      {t(kind === 'shipping-label' ? 'labels.shipping' : 'labels.return')}
    </Button>
  );
}
