import type { SsoConfigurationView } from '@server/application/organizations/sso/sso-views';
import { Alert, Button, Code, Field, Fieldset, HStack, Input, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { toaster } from '../../../components/toaster';
import { useSaveSsoConfiguration, type SsoConfigurationBody } from '../api/sso-configuration';
import { RoleMatchingRows } from './role-matching-rows';

type TextField = 'clientId' | 'clientSecret' | 'discoveryEndpoint' | 'scope' | 'roleClaim' | 'entityClaim' | 'reason';

/**
 * The SSO configuration's form. The secret is write-only: the field starts
 * empty and says whether one is stored; left empty, the stored one stays.
 * Each refused field shows the API's message under it. Saved with the
 * revision last read (If-Match).
 */
export function SsoConfigurationForm({ configuration }: { configuration: SsoConfigurationView }) {
  const { t } = useTranslation('sso');
  const errorText = useApiErrorText();
  const save = useSaveSsoConfiguration(configuration.organizationId);
  const [domains, setDomains] = useState(configuration.domains.join('\n'));
  const [texts, setTexts] = useState<Record<TextField, string>>({
    clientId: configuration.clientId,
    clientSecret: '',
    discoveryEndpoint: configuration.discoveryEndpoint,
    scope: configuration.scope,
    roleClaim: configuration.roleClaim,
    entityClaim: configuration.entityClaim ?? '',
    reason: '',
  });
  const [roleMatching, setRoleMatching] = useState(configuration.roleMatching);
  const [fieldMatching, setFieldMatching] = useState(configuration.fieldMatching);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const text = (field: TextField) => ({ name: field, value: texts[field], onChange: (e: { target: { value: string } }) => setTexts({ ...texts, [field]: e.target.value }) });
  const problem = (field: string) => problems[field];
  const rowProblems = Object.fromEntries(
    Object.entries(problems).flatMap(([field, message]) => {
      const row = /^roleMatching\.(\d+)\./.exec(field);
      return row ? [[Number(row[1]), message]] : [];
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setProblems({});
    setFailure(null);
    const body: SsoConfigurationBody = {
      domains: domains.split(/[\s,;]+/).filter(Boolean),
      clientId: texts.clientId,
      clientSecret: texts.clientSecret.trim() === '' ? null : texts.clientSecret,
      discoveryEndpoint: texts.discoveryEndpoint,
      scope: texts.scope,
      roleClaim: texts.roleClaim,
      entityClaim: texts.entityClaim.trim() === '' ? null : texts.entityClaim,
      roleMatching,
      fieldMatching,
      reason: texts.reason.trim() === '' ? null : texts.reason,
    };
    save.mutate(
      { body, revision: configuration.revision },
      {
        onSuccess: () => {
          // The form stays as typed (the configuration read again gives the new revision); the secret and the reason start empty again.
          setTexts((current) => ({ ...current, clientSecret: '', reason: '' }));
          toaster.create({ type: 'success', title: t('notifications.saved') });
        },
        onError: (error) => {
          const found: Record<string, string> = {};
          if (error instanceof ApiError) {
            for (const field of error.fields) found[field.field.startsWith('domains') ? 'domains' : field.field] ??= field.message;
            if (error.code === 'SSO_DOMAIN_TAKEN') found.domains = error.message;
          }
          setProblems(found);
          setFailure(Object.keys(found).length > 0 ? t('notifications.invalid') : errorText(error));
        },
      },
    );
  }

  const field = (name: string, label: string, input: ReactNode, help?: string, required = true) => (
    <Field.Root invalid={Boolean(problem(name))} required={required}>
      <Field.Label>
        {label}
        {required && <Field.RequiredIndicator />}
      </Field.Label>
      {input}
      {problem(name) ? <Field.ErrorText>{problem(name)}</Field.ErrorText> : help ? <Field.HelperText>{help}</Field.HelperText> : null}
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('title')}>
      <Stack gap="6" maxW="4xl">
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Description>
            {t('redirectUri')} <Code data-testid="sso-redirect-uri">{configuration.redirectUri}</Code>
          </Alert.Description>
        </Alert.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('sections.provider')}</Fieldset.Legend>
          <Stack gap="4" mt="3">
            {field('domains', t('fields.domains'), <Textarea name="domains" rows={3} value={domains} onChange={(e) => setDomains(e.target.value)} />, t('help.domains'))}
            {field('discoveryEndpoint', t('fields.discoveryEndpoint'), <Input type="url" maxLength={2048} {...text('discoveryEndpoint')} />, t('help.discoveryEndpoint'))}
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {field('clientId', t('fields.clientId'), <Input maxLength={255} autoComplete="off" {...text('clientId')} />)}
              {field(
                'clientSecret',
                t('fields.clientSecret'),
                <Input type="password" maxLength={1024} autoComplete="new-password" placeholder={configuration.secretSet ? t('help.secretKept') : ''} {...text('clientSecret')} />,
                configuration.secretSet ? t('help.secretSet') : t('help.secretMissing'),
                !configuration.secretSet,
              )}
            </SimpleGrid>
            {field('scope', t('fields.scope'), <Input maxLength={255} {...text('scope')} />, t('help.scope'))}
          </Stack>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('sections.claims')}</Fieldset.Legend>
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="3">
            {field('roleClaim', t('fields.roleClaim'), <Input maxLength={100} {...text('roleClaim')} />)}
            {field('entityClaim', t('fields.entityClaim'), <Input maxLength={100} {...text('entityClaim')} />, t('help.entityClaim'), false)}
            {(['firstname', 'lastname', 'email'] as const).map((name) => (
              <Field.Root key={name} invalid={Boolean(problem(`fieldMatching.${name}`))} required>
                <Field.Label>
                  {t(`fields.fieldMatching.${name}`)}
                  <Field.RequiredIndicator />
                </Field.Label>
                <Input name={`fieldMatching.${name}`} maxLength={100} value={fieldMatching[name]} onChange={(e) => setFieldMatching({ ...fieldMatching, [name]: e.target.value })} />
                {problem(`fieldMatching.${name}`) && <Field.ErrorText>{problem(`fieldMatching.${name}`)}</Field.ErrorText>}
              </Field.Root>
            ))}
          </SimpleGrid>
        </Fieldset.Root>
        <Fieldset.Root>
          <Fieldset.Legend>{t('sections.roleMatching')}</Fieldset.Legend>
          <Fieldset.HelperText>{t('help.roleMatching')}</Fieldset.HelperText>
          <Stack mt="3">
            <RoleMatchingRows rows={roleMatching} assignableRoles={configuration.assignableRoles} problems={rowProblems} disabled={save.isPending} onChange={setRoleMatching} />
          </Stack>
        </Fieldset.Root>
        {field('reason', t('fields.reason'), <Input maxLength={255} {...text('reason')} />, undefined, false)}
        {failure && (
          <Alert.Root status="error" data-testid="sso-failure">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <HStack>
          <Button type="submit" colorPalette="blue" loading={save.isPending}>
            {t('actions.save')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
