import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PAYMENT_STATUS_COLOR } from '../statuses';
import type { PaymentStatus } from '../types';

/** A payment's status, coloured. */
export function PaymentStatusBadge({ status, size = 'sm' }: { status: PaymentStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('payments');
  return (
    <Badge colorPalette={PAYMENT_STATUS_COLOR[status]} variant="subtle" size={size} data-status={status} whiteSpace="normal">
      {t(`statuses.${status}`)}
    </Badge>
  );
}
