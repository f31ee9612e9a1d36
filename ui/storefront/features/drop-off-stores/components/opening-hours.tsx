import { Box, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS } from '@server/domain/organizations/organization/opening-hours';
import type { DropOffStore } from '../api/get-drop-off-stores';

/** A store's week, one line a day ("Monday 09:00–12:00, 14:00–19:00", or closed), days named in the visitor's language. */
export function OpeningHours({ hours }: { hours: NonNullable<DropOffStore['openingHours']> }) {
  const { t, i18n } = useTranslation('drop-off-stores');
  // 2024-01-01 was a Monday: the names of the seven days that follow it.
  const dayName = (index: number) => new Intl.DateTimeFormat(i18n.language, { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + index)));
  return (
    <Box as="dl" display="grid" gridTemplateColumns="max-content 1fr" columnGap="3" rowGap="0.5" fontSize="sm" aria-label={t('hours')}>
      {WEEKDAYS.map((day, index) => (
        <Box key={day} display="contents">
          <Text as="dt" textTransform="capitalize" color="fg.muted">
            {dayName(index)}
          </Text>
          <Text as="dd">{hours[day].length === 0 ? t('closed') : hours[day].map((range) => `${range.opens}–${range.closes}`).join(', ')}</Text>
        </Box>
      ))}
    </Box>
  );
}
