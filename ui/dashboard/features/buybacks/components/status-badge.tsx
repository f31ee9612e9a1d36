import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { CAPTION_COLOR, captionOf } from '../statuses';
import type { BuybackStatus } from '../types';

export function StatusBadge({ status, size = 'sm' }: { status: BuybackStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('buybacks');
  const caption = captionOf(status);
  return (
    <Badge colorPalette={CAPTION_COLOR[caption]} variant="subtle" size={size} data-status={status}>
      {t(`statuses.${caption}`)}
    </Badge>
  );
}
