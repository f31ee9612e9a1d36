import type { SsoConfigurationView } from '@server/application/organizations/sso/sso-views';
import { Button, Field, HStack, IconButton, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';

type Match = SsoConfigurationView['roleMatching'][number];

interface Props {
  rows: Match[];
  assignableRoles: SsoConfigurationView['assignableRoles'];
  /** The API's refusal of a row, by its index. */
  problems: Record<number, string>;
  disabled: boolean;
  onChange(rows: Match[]): void;
}

/** The role matching: each value of the role claim, the module it opens and the user type it gives there. */
export function RoleMatchingRows({ rows, assignableRoles, problems, disabled, onChange }: Props) {
  const { t } = useTranslation(['sso', 'app']);
  const typesOf = (module: Match['module']) => assignableRoles.find((role) => role.module === module)?.userTypes ?? [];
  const set = (index: number, change: Partial<Match>) => {
    onChange(rows.map((row, at) => (at === index ? { ...row, ...change } : row)));
  };
  return (
    <Stack gap="3" data-testid="sso-role-matching">
      {rows.length === 0 && <Text color="fg.muted">{t('roleMatching.empty')}</Text>}
      {rows.map((row, index) => (
        <Field.Root key={index} invalid={Boolean(problems[index])} disabled={disabled}>
          <HStack align="end" gap="2" wrap="wrap">
            <Field.Root flex="1" minW="40" disabled={disabled}>
              <Field.Label>{t('roleMatching.claimValue')}</Field.Label>
              <Input name={`roleMatching.${index}.claimValue`} value={row.claimValue} maxLength={255} onChange={(e) => set(index, { claimValue: e.target.value })} />
            </Field.Root>
            <Field.Root w="40" disabled={disabled}>
              <Field.Label>{t('roleMatching.module')}</Field.Label>
              <NativeSelect.Root disabled={disabled}>
                <NativeSelect.Field
                  name={`roleMatching.${index}.module`}
                  value={row.module}
                  onChange={(e) => {
                    const module = e.target.value as Match['module'];
                    set(index, { module, userType: typesOf(module)[0] ?? row.userType });
                  }}
                >
                  {assignableRoles.map((role) => (
                    <option key={role.module} value={role.module}>
                      {t(`app:modules.${role.module}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <Field.Root w="56" disabled={disabled}>
              <Field.Label>{t('roleMatching.userType')}</Field.Label>
              <NativeSelect.Root disabled={disabled}>
                <NativeSelect.Field name={`roleMatching.${index}.userType`} value={row.userType} onChange={(e) => set(index, { userType: e.target.value as Match['userType'] })}>
                  {typesOf(row.module).map((type) => (
                    <option key={type} value={type}>
                      {t(`app:userTypes.${type}`)}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <IconButton aria-label={t('roleMatching.remove')} variant="outline" disabled={disabled} onClick={() => onChange(rows.filter((_, at) => at !== index))}>
              ✕
            </IconButton>
          </HStack>
          {problems[index] && <Field.ErrorText>{problems[index]}</Field.ErrorText>}
        </Field.Root>
      ))}
      <HStack>
        <Button
          size="sm"
          variant="outline"
          disabled={disabled || rows.length >= 50}
          onClick={() => onChange([...rows, { claimValue: '', module: 'tim', userType: typesOf('tim')[0] ?? 'store_seller' }])}
        >
          {t('roleMatching.add')}
        </Button>
      </HStack>
    </Stack>
  );
}
