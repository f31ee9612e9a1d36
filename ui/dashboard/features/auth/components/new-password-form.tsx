import { Alert, Button, Checkbox, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { checkNewPassword } from '@server/domain/organizations/password-policy';
import { useSetPassword } from '../api/password';
import { apiErrorMessage } from './api-error-message';
import { PasswordRules } from './password-rules';

/** Where the terms of use (with the privacy policy) are published: the storefront's page. */
const TERMS_HREF = '/cgu';

interface Problems {
  password?: string;
  repeat?: string;
  acceptTerms?: string;
}

/**
 * A new password and its repeat, the rules ticked live; for an invitation,
 * the terms and privacy policy to accept. The policy is checked here as the
 * server checks it (the same domain rules), then by the server, whose
 * refusal (the old password again, a used or expired link) is shown as sent.
 */
export function NewPasswordForm({ token, invitation, onDone }: { token: string; invitation: boolean; onDone: (email: string) => void }) {
  const { t, i18n } = useTranslation(['auth', 'api']);
  const save = useSetPassword(token);
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [acceptTerms, setAcceptTerms] = useState(false);
  const [problems, setProblems] = useState<Problems>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const found: Problems = {};
    const refusal = checkNewPassword({ password, repeat, sameAsOld: false });
    if (refusal?.code === 'PASSWORD_TOO_WEAK') found.password = t('password.errors.weak');
    if (refusal?.code === 'PASSWORD_REPEAT_MISMATCH') found.repeat = t('password.errors.mismatch');
    if (invitation && !acceptTerms) found.acceptTerms = t('password.errors.terms');
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ password, repeat, ...(invitation ? { acceptTerms } : {}) }, { onSuccess: (answer) => onDone(answer.email) });
  }

  const message = apiErrorMessage(t, save.error, i18n.language);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="5">
        {message && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{message}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root invalid={!!problems.password} required>
          <Field.Label>
            {t('password.new')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" name="password" autoComplete="new-password" maxLength={1024} value={password} onChange={(e) => setPassword(e.target.value)} />
          {problems.password && <Field.ErrorText>{problems.password}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={!!problems.repeat} required>
          <Field.Label>
            {t('password.repeat')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Input type="password" name="repeat" autoComplete="new-password" maxLength={1024} value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          {problems.repeat && <Field.ErrorText>{problems.repeat}</Field.ErrorText>}
        </Field.Root>
        <PasswordRules password={password} repeat={repeat} />
        {invitation && (
          <Field.Root invalid={!!problems.acceptTerms} required>
            <Checkbox.Root checked={acceptTerms} onCheckedChange={(details) => setAcceptTerms(details.checked === true)} alignItems="flex-start">
              <Checkbox.HiddenInput name="acceptTerms" />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label>{t('password.acceptTerms')}</Checkbox.Label>
            </Checkbox.Root>
            <Link href={TERMS_HREF} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" ms="7">
              {t('password.readTerms')}
            </Link>
            {problems.acceptTerms && <Field.ErrorText>{problems.acceptTerms}</Field.ErrorText>}
          </Field.Root>
        )}
        <Button type="submit" colorPalette="brand" loading={save.isPending} loadingText={t('password.saving')}>
          {t('password.save')}
        </Button>
      </Stack>
    </form>
  );
}
