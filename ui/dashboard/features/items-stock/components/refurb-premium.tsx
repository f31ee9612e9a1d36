import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { ApiError } from '../../../lib/api-client';

/** The refurbishment's data is premium (refurb_steps): the API refuses it PREMIUM_FEATURE_NOT_ENABLED. */
export function isPremiumRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PREMIUM_FEATURE_NOT_ENABLED';
}

/** In place of the refurbishment's data, for an organization without it: the premium badge, said plainly. */
export function RefurbPremiumNotice() {
  const { t } = useTranslation('items-stock');
  return (
    <HStack gap="3" data-testid="refurb-premium">
      <PremiumBadge feature="refurb_steps" />
      <Text color="fg.muted">{t('refurb.premium')}</Text>
    </HStack>
  );
}

/** Seconds of work as hours and minutes (or minutes and seconds under a minute's hour). */
export function useDuration(): (seconds: number) => string {
  const { t } = useTranslation('items-stock');
  return (seconds) => {
    const hours = Math.floor(seconds / 3_600);
    const minutes = Math.floor((seconds % 3_600) / 60);
    return hours > 0 ? t('economic.hoursMinutes', { hours, minutes }) : t('economic.minutesSeconds', { minutes, seconds: seconds % 60 });
  };
}
