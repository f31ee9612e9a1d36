import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { statusColor } from '../statuses';
import type { ItemStatus } from '../types';

/** An item's precise status, coloured by its group. */
export function ItemStatusBadge({ status, size = 'sm' }: { status: ItemStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('items-stock');
  return (
    <Badge colorPalette={statusColor(status)} variant="subtle" size={size} data-status={status} whiteSpace="normal">
      {t(`api:items.statuses.${status}`)}
    </Badge>
  );
}
