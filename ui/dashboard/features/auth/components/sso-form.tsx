import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSsoAuthorizationUrl } from '../api/sso';
import { apiErrorMessage } from './api-error-message';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** "Log in with your organisation": the work e-mail finds the organization's identity provider, where the browser goes. */
export function SsoForm({ onCancel }: { onCancel: () => void }) {
  const { t, i18n } = useTranslation('auth');
  const start = useSsoAuthorizationUrl();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const found = !value ? t('login.errors.emailRequired') : !EMAIL.test(value) ? t('login.errors.emailInvalid') : null;
    setProblem(found);
    if (found) return;
    start.mutate(value, { onSuccess: ({ url }) => window.location.assign(url) });
  }

  const message = apiErrorMessage(t, start.error, i18n.language);
  return (
    <form onSubmit={submit} noValidate aria-label={t('sso.title')} data-testid="sso-form">
      <Stack gap="4">
        {message && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{message}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={!!problem} required>
          <Field.Label>
            {t('sso.email')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" name="sso-email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          {problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{t('sso.help')}</Field.HelperText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={start.isPending || start.isSuccess} loadingText={t('sso.redirecting')}>
          {t('sso.continue')}
        </Button>
        <Button variant="ghost" onClick={onCancel}>
          {t('sso.back')}
        </Button>
      </Stack>
    </form>
  );
}
