import { Box, Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useAssignableUserTypes, useEntityChoices } from '../api/get-user';
import type { ModuleRow, UserProblems } from '../form-model';
import { MODULE_TYPES, type ModuleType, type UserType } from '../types';

interface Props {
  rows: ModuleRow[];
  onChange(rows: ModuleRow[]): void;
  problems: UserProblems;
  readOnly: boolean;
}

/**
 * A client user's modules (at least one): for each, a role among the
 * module's assignable user types and a parent entity of the module's type
 * (a store for TIM, a warehouse for RPS, a buyer for LCM, the root or a
 * management unit for Root).
 */
export function ModuleRows({ rows, onChange, problems, readOnly }: Props) {
  const { t } = useTranslation('users');
  const assignable = useAssignableUserTypes();
  const entities = useEntityChoices();
  const unused = MODULE_TYPES.filter((module) => !rows.some((row) => row.module === module));
  const update = (index: number, patch: Partial<ModuleRow>) => onChange(rows.map((row, i) => (i === index ? { ...row, ...patch } : row)));

  return (
    <Stack gap="3" as="fieldset" data-testid="user-modules">
      <Text as="legend" fontWeight="semibold">
        {t('form.modules')}
      </Text>
      {problems.modules && (
        <Text color="fg.error" fontSize="sm" role="alert">
          {problems.modules}
        </Text>
      )}
      {rows.map((row, index) => {
        const spec = assignable.data?.items.find((item) => item.module === row.module);
        const choices = (entities.data ?? []).filter((entity) => spec?.entityTypes.includes(entity.type as never));
        const problem = problems[`modules.${row.module}`];
        return (
          <Box key={row.module} borderWidth="1px" borderRadius="md" p="3" data-testid={`user-module-${row.module}`}>
            <HStack gap="3" align="end" wrap="wrap">
              <Field.Root maxW="3xs" disabled={readOnly}>
                <Field.Label>{t('form.module')}</Field.Label>
                <NativeSelect.Root disabled={readOnly}>
                  <NativeSelect.Field
                    name={`module-${index}`}
                    value={row.module}
                    onChange={(e) => update(index, { module: e.target.value as ModuleType, userType: '', organizationId: '' })}
                  >
                    {[row.module, ...unused].map((module) => (
                      <option key={module} value={module}>
                        {t(`modules.${module}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root maxW="xs" disabled={readOnly} invalid={Boolean(problem) && !row.userType} required>
                <Field.Label>{t('form.role')}</Field.Label>
                <NativeSelect.Root disabled={readOnly}>
                  <NativeSelect.Field name={`role-${row.module}`} aria-label={t('form.roleOf', { module: t(`modules.${row.module}`) })} value={row.userType} onChange={(e) => update(index, { userType: e.target.value as UserType })}>
                    <option value="">{t('form.choose')}</option>
                    {(spec?.userTypes ?? []).map((type) => (
                      <option key={type} value={type}>
                        {t(`roles.${type}`)}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root maxW="sm" disabled={readOnly} invalid={Boolean(problem)} required>
                <Field.Label>{t('form.entity')}</Field.Label>
                <NativeSelect.Root disabled={readOnly}>
                  <NativeSelect.Field
                    name={`entity-${row.module}`}
                    aria-label={t('form.entityOf', { module: t(`modules.${row.module}`) })}
                    value={row.organizationId}
                    onChange={(e) => update(index, { organizationId: e.target.value })}
                  >
                    <option value="">{t('form.choose')}</option>
                    {choices.map((entity) => (
                      <option key={entity.id} value={entity.id}>
                        {entity.commonName}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              {!readOnly && rows.length > 1 && (
                <Button variant="ghost" colorPalette="red" onClick={() => onChange(rows.filter((_, i) => i !== index))}>
                  {t('form.removeModule')}
                </Button>
              )}
            </HStack>
            {problem && (
              <Text color="fg.error" fontSize="sm" mt="2" role="alert">
                {problem}
              </Text>
            )}
          </Box>
        );
      })}
      {!readOnly && unused.length > 0 && (
        <Box>
          <Button variant="outline" size="sm" onClick={() => onChange([...rows, { module: unused[0] as ModuleType, userType: '', organizationId: '' }])}>
            {t('form.addModule')}
          </Button>
        </Box>
      )}
    </Stack>
  );
}
