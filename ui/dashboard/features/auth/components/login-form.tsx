import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { NoAccessError, useLogin } from '../api/login';
import { apiErrorMessage } from './api-error-message';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Problems {
  email?: string;
  password?: string;
}

/**
 * E-mail and password; the API's refusal is shown in the interface language
 * (a lock with the time to try again at, a force-SSO user sent to SSO).
 */
export function LoginForm({ onSignedIn, initialEmail = '' }: { onSignedIn: () => void; initialEmail?: string }) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const login = useLogin();
  const [email, setEmail] = useState(initialEmail);
  const [password, setPassword] = useState('');
  const [problems, setProblems] = useState<Problems>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {};
    if (!email.trim()) found.email = t('auth:login.errors.emailRequired');
    else if (!EMAIL.test(email.trim())) found.email = t('auth:login.errors.emailInvalid');
    if (!password) found.password = t('auth:login.errors.passwordRequired');
    setProblems(found);
    if (found.email || found.password) return;
    login.mutate({ email: email.trim(), password }, { onSuccess: onSignedIn });
  }

  const error = login.error;
  const message = error instanceof NoAccessError ? t('auth:login.errors.noAccess') : apiErrorMessage(t, error, i18n.language);

  return (
    <form onSubmit={submit} noValidate aria-labelledby="public-page-title">
      <Stack gap="5">
        {message && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{message}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={!!problems.email} required>
          <Field.Label>
            {t('auth:login.email')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="email" name="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.target.value)} />
          {problems.email && <Field.ErrorText>{problems.email}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!problems.password} required>
          <Field.Label>
            {t('auth:login.password')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" name="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          {problems.password && <Field.ErrorText>{problems.password}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" colorPalette="brand" loading={login.isPending} loadingText={t('auth:login.submitting')}>
          {t('auth:login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
