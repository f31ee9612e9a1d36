import { Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import type { ItemActionDialog } from '../../items-stock/components/item-actions';
import type { Item } from '../../items-stock/types';

/** A quarantined device's actions in the list, as its allowedActions say: release it, send the dispute e-mail again. */
export function QuarantineRowActions({ item, onOpen }: { item: Item; onOpen(action: ItemActionDialog): void }) {
  const { t } = useTranslation('warehouse-quarantine');
  const code = item.shortCode;
  return (
    <HStack gap="2" wrap="wrap">
      {item.allowedActions.includes('ReleaseItem') && (
        <Button size="xs" colorPalette="brand" onClick={() => onOpen('ReleaseItem')} aria-label={t('actions.releaseOf', { code })}>
          {t('actions.release')}
        </Button>
      )}
      {item.allowedActions.includes('SendDisputeMail') && (
        <Button size="xs" variant="outline" colorPalette="brand" onClick={() => onOpen('SendDisputeMail')} aria-label={t('actions.resendMailOf', { code })}>
          {t('actions.resendMail')}
        </Button>
      )}
    </HStack>
  );
}
