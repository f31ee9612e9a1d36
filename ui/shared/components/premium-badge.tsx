import { Badge } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

/**
 * The premium badge: beside what needs a premium feature the organization
 * has not got (a bonus or malus without payment_bonus, the IMEI search
 * without imei_search_and_collect, absorption without absorption…). One
 * component, so every screen says it the same way.
 */
export function PremiumBadge({ feature }: { feature?: string }) {
  const { t } = useTranslation('common');
  return (
    <Badge colorPalette="purple" variant="solid" size="sm" data-testid="premium-badge" data-feature={feature} title={t('premium.lacking')}>
      {t('premium.badge')}
    </Badge>
  );
}
