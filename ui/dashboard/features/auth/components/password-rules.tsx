import { List, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { PASSWORD_RULES, passwordRules } from '@server/domain/organizations/password-policy';

/** The policy's rules, each ticked live as the user types (the server checks the same ones). */
export function PasswordRules({ password, repeat }: { password: string; repeat: string }) {
  const { t } = useTranslation('auth');
  const met = passwordRules(password);
  const rows = [...PASSWORD_RULES.map((rule) => ({ key: rule, ok: met[rule] })), { key: 'repeat', ok: password.length > 0 && password === repeat }];
  return (
    <List.Root gap="1" variant="plain" aria-label={t('password.rules.title')} data-testid="password-rules">
      {rows.map((row) => (
        <List.Item key={row.key} data-rule={row.key} data-met={row.ok ? 'true' : 'false'}>
          <Text as="span" color={row.ok ? 'green.fg' : 'fg.muted'}>
            <span aria-hidden="true">{row.ok ? '✓ ' : '○ '}</span>
            {t(`password.rules.${row.key}`)}
            <Text as="span" srOnly>
              {' '}
              {row.ok ? t('password.rules.met') : t('password.rules.notMet')}
            </Text>
          </Text>
        </List.Item>
      ))}
    </List.Root>
  );
}
