import { Alert, Button, HStack } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

interface FormFooterProps {
  /** The API's refusal that names no field (a stale revision…), said above the buttons. */
  failure: string | null;
  failureTestId?: string;
  cancelTo: string;
  readOnly: boolean;
  submitting: boolean;
  /** The submit button's text: "Save" when not given. */
  submitLabel?: string;
  /** A read-only form still shows Cancel (the way back); `false`: no button at all. */
  cancelWhenReadOnly?: boolean;
}

/** The end of a dashboard form: its refusal, then Cancel (a link back) and the submit button, on the right; no submit when read-only. */
export function FormFooter({ failure, failureTestId, cancelTo, readOnly, submitting, submitLabel, cancelWhenReadOnly = true }: FormFooterProps) {
  const { t } = useTranslation('common');
  return (
    <>
      {failure && (
        <Alert.Root status="error" role="alert" data-testid={failureTestId}>
          <Alert.Indicator />
          <Alert.Title>{failure}</Alert.Title>
        </Alert.Root>
      )}
      {(!readOnly || cancelWhenReadOnly) && (
        <HStack gap="3" justify="flex-end" wrap="wrap">
          <Button asChild variant="outline">
            <RouterLink to={cancelTo}>{t('actions.cancel')}</RouterLink>
          </Button>
          {!readOnly && (
            <Button type="submit" colorPalette="brand" loading={submitting}>
              {submitLabel ?? t('actions.save')}
            </Button>
          )}
        </HStack>
      )}
    </>
  );
}
