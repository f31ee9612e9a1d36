import { itemIdOf } from '@server/domain/warehouse/buyback-item-sync';
import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCan } from '../../../lib/auth';
import { useBuybackItem } from '../api/get-buyback-item';

/** Where the warehouse's and the auditor's screens are: a buyback's device, and its replay. */
const linkPaths = {
  item: (itemId: string) => `/items-stock/${encodeURIComponent(itemId)}/edit`,
  replay: (buybackId: string) => `/replay/${encodeURIComponent(buybackId)}`,
};

/**
 * Links from a buyback's detail: its device in the warehouse, for holders of
 * item.read (found through the items list when they may list items; else by
 * the id the item gets from its buyback, as the domain derives it), and its
 * replay, for holders of audit.replay.
 */
export function BuybackAuditLinks({ buybackId }: { buybackId: string }) {
  const { t } = useTranslation('buybacks');
  const can = useCan();
  const listsItems = can('item.list');
  const found = useBuybackItem(buybackId, can('item.read') && listsItems);
  const itemId = !can('item.read') ? null : listsItems ? (found.data?.id ?? null) : itemIdOf(buybackId);
  return (
    <>
      {itemId && (
        <Button asChild variant="outline">
          <RouterLink to={linkPaths.item(itemId)}>{t('actions.openItem')}</RouterLink>
        </Button>
      )}
      {can('audit.replay') && (
        <Button asChild variant="outline">
          <RouterLink to={linkPaths.replay(buybackId)}>{t('actions.replay')}</RouterLink>
        </Button>
      )}
    </>
  );
}
