import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/** The premium badge: a feature the retailer's subscription does not include (here, the payment bonus). */
export function PremiumBadge() {
  const { t } = useTranslation('payment-modes');
  return (
    <Badge colorPalette="purple" variant="solid" size="sm" data-testid="premium-badge">
      {t('premium.badge')}
    </Badge>
  );
}
