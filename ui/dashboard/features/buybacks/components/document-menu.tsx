import { Button, Menu, Portal } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { BUYBACK_DOCUMENT_KINDS, useDocumentDownload } from '../../../components/buyback-document-button';
import type { Buyback } from '../types';

/** Payment types whose customer gets a code on paper. */
const WITH_VOUCHER = new Set(['voucher', 'gift_card']);

/**
 * The buyback's printable documents, in its customer's language: the
 * transfer order to sign, the tracking sheet for the parcel, and the gift
 * card or voucher when it is paid so (the API says when its code is not
 * issued yet).
 */
export function DocumentMenu({ buyback }: { buyback: Buyback }) {
  const { t } = useTranslation('common');
  const fetchDocument = useDocumentDownload(buyback);
  const kinds = BUYBACK_DOCUMENT_KINDS.filter((kind) => kind !== 'voucher' || WITH_VOUCHER.has(buyback.paymentMode.type));
  return (
    <Menu.Root onSelect={({ value }) => fetchDocument.mutate(value as (typeof kinds)[number])}>
      <Menu.Trigger asChild>
        <Button variant="outline" loading={fetchDocument.isPending} data-testid="documents-menu">
          {t('buybackDocuments.menu')}
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            {kinds.map((kind) => (
              <Menu.Item key={kind} value={kind} data-testid={`document-${kind}`}>
                {t(`buybackDocuments.${kind}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
