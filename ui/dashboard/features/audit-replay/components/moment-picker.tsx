import { Button, chakra, Field, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { localInputValue, momentFromLocalInput } from '../moment';

/**
 * A date and time to the second, in the viewer's time zone (the browser's
 * own date-time field), sent as the UTC end of that second: the events shown
 * at that time are in the state.
 */
export function MomentPicker({ at, onPick }: { at: string; onPick(moment: string): void }) {
  const { t } = useTranslation('audit-replay');
  const [value, setValue] = useState(() => localInputValue(at));
  const [invalid, setInvalid] = useState(false);

  // The moment shown changed (a step): the field follows it.
  useEffect(() => {
    setValue(localInputValue(at));
    setInvalid(false);
  }, [at]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const picked = momentFromLocalInput(value);
    setInvalid(picked === null);
    if (picked) onPick(picked);
  }

  return (
    <chakra.form onSubmit={submit} noValidate>
      <Field.Root invalid={invalid}>
        <Field.Label>{t('moment.pick')}</Field.Label>
        <Stack direction={{ base: 'column', sm: 'row' }} gap="2" w="full" align={{ sm: 'center' }}>
          <Input type="datetime-local" step={1} value={value} onChange={(event) => setValue(event.target.value)} maxW={{ sm: '64' }} data-testid="replay-moment-input" />
          <Button type="submit" colorPalette="brand" size="sm">
            {t('moment.show')}
          </Button>
        </Stack>
        {invalid ? <Field.ErrorText>{t('moment.invalid')}</Field.ErrorText> : <Field.HelperText>{t('moment.pickHelp')}</Field.HelperText>}
      </Field.Root>
    </chakra.form>
  );
}
