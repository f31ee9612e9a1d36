import { HStack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { ApiError } from '../../../lib/api-client';

/** The refurbishment's data is premium (its steps refurb_steps, its diagnosis refurb_diagnosis): the API refuses it PREMIUM_FEATURE_NOT_ENABLED. */
export function isPremiumRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'PREMIUM_FEATURE_NOT_ENABLED';
}

/** In place of the refurbishment's data, for an organization without its feature: the premium badge, said plainly. */
export function RefurbPremiumNotice({ feature = 'refurb_steps' }: { feature?: 'refurb_steps' | 'refurb_diagnosis' }) {
  const { t } = useTranslation('items-stock');
  return (
    <HStack gap="3" data-testid="refurb-premium">
      <PremiumBadge feature={feature} />
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
