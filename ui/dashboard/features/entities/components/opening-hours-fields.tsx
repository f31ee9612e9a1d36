import { Field, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { WEEKDAYS, type Weekday } from '@server/domain/organizations/organization/opening-hours.js';

/** A store's opening hours, one field a day ("09:00-12:00, 14:00-19:00"; empty: closed), with the group's refusal. */
export function OpeningHoursFields(props: { values: Record<Weekday, string>; onChange(day: Weekday, text: string): void; problem: string | undefined; disabled: boolean }) {
  const { t } = useTranslation('entities');
  return (
    <Stack as="fieldset" gap="2" borderWidth="1px" borderRadius="md" p="4" data-testid="opening-hours">
      <Text as="legend" fontWeight="medium" px="1">
        {t('fields.openingHours')}
      </Text>
      <Text fontSize="sm" color="fg.muted">
        {t('form.openingHours')}
      </Text>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        {WEEKDAYS.map((day) => (
          <Field.Root key={day} invalid={Boolean(props.problem)} disabled={props.disabled}>
            <Field.Label>{t(`days.${day}`)}</Field.Label>
            <Input name={`openingHours.${day}`} value={props.values[day]} placeholder="09:00-12:00, 14:00-19:00" autoComplete="off" onChange={(e) => props.onChange(day, e.target.value)} />
          </Field.Root>
        ))}
      </SimpleGrid>
      {props.problem && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {props.problem}
        </Text>
      )}
    </Stack>
  );
}
