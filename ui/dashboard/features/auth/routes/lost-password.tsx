import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useRenewPassword } from '../api/password';
import { apiErrorMessage } from '../components/api-error-message';
import { PublicPage } from '../components/public-page';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** /lostPassword: the e-mail to send a reset link to; the same confirmation whether it belongs to a user or not. */
export function Component() {
  const { t, i18n } = useTranslation(['auth', 'api']);
  const renew = useRenewPassword();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = email.trim();
    const found = !value ? t('login.errors.emailRequired') : !EMAIL.test(value) ? t('login.errors.emailInvalid') : null;
    setProblem(found);
    if (!found) renew.mutate(value);
  }

  const message = apiErrorMessage(t, renew.error, i18n.language);
  return (
    <PublicPage title={t('lostPassword.title')} intro={renew.isSuccess ? undefined : t('lostPassword.intro')}>
      {renew.isSuccess ? (
        <Stack gap="5">
          <Alert.Root status="success" role="status">
            <Alert.Indicator />
            <Alert.Title>{t('lostPassword.sent', { email: email.trim() })}</Alert.Title>
          </Alert.Root>
          <Button asChild variant="outline" colorPalette="brand">
            <RouterLink to="/login">{t('password.backToLogin')}</RouterLink>
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate aria-labelledby="public-page-title">
          <Stack gap="5">
            {message && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{message}</Alert.Title>
              </Alert.Root>
            )}
            <Field.Root invalid={!!problem} required>
              <Field.Label>
                {t('login.email')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
              {problem && <Field.ErrorText>{problem}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" colorPalette="brand" loading={renew.isPending}>
              {t('lostPassword.submit')}
            </Button>
            <Button asChild variant="ghost" colorPalette="brand">
              <RouterLink to="/login">{t('password.backToLogin')}</RouterLink>
            </Button>
          </Stack>
        </form>
      )}
    </PublicPage>
  );
}
