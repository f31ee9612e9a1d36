import { Box, Checkbox, Field, HStack, Input, NativeSelect, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../lib/auth';
import { checkForm, type UserBody, type UserField, type UserFormValues, type UserProblems } from '../form-model';
import { ADMIN_TYPES, LOCALES, USER_LIMITS, USER_STATUSES } from '../types';
import { ModuleRows } from './module-rows';
import { FormFooter } from '../../../components/form-footer';

interface Props {
  initial: UserFormValues;
  refused: UserProblems;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  /** An edit asks why (shown in the history). */
  askReason?: boolean;
  onSubmit(body: UserBody, reason: string): void;
}

/**
 * A user's form: first and last name, e-mail, status, language, the
 * force-SSO flag (only with user.force_sso), and an admin user's type or a
 * client user's modules (at least one, each with a role and a parent entity).
 */
export function UserForm({ initial, refused, failure, readOnly, submitting, submitLabel, cancelTo, askReason, onSubmit }: Props) {
  const { t } = useTranslation(['users', 'api', 'common']);
  const can = useCan();
  const [values, setValues] = useState(initial);
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<UserProblems>({});
  const shown = (field: UserField) => problems[field] ?? refused[field];
  const set =
    <K extends keyof UserFormValues>(key: K) =>
    (value: UserFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(values);
    if ('problems' in checked) {
      const found: UserProblems = {};
      for (const { field, code, details } of checked.problems) found[field] ??= t(`api:errors.${code}`, details);
      setProblems(found);
      return;
    }
    setProblems({});
    onSubmit(checked.body, reason);
  }

  const { min, max } = USER_LIMITS.name;
  const help = (field: UserField, text: string): ReactNode =>
    shown(field) ? <Field.ErrorText>{shown(field)}</Field.ErrorText> : <Field.HelperText>{text}</Field.HelperText>;
  const text = (field: 'firstname' | 'lastname' | 'email', type = 'text') => (
    <Field.Root invalid={Boolean(shown(field))} required disabled={readOnly}>
      <Field.Label>
        {t(`fields.${field}`)}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input name={field} type={type} value={values[field]} autoComplete="off" onChange={(e) => set(field)(e.target.value)} />
      {help(field, field === 'email' ? t('form.emailHelp') : t('form.between', { min, max }))}
    </Field.Root>
  );

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <HStack gap="4" align="start" wrap="wrap">
            <Box flex="1" minW="3xs">{text('firstname')}</Box>
            <Box flex="1" minW="3xs">{text('lastname')}</Box>
          </HStack>
          {text('email', 'email')}
          <HStack gap="4" align="start" wrap="wrap">
            <Choice name="status" label={t('fields.status')} value={values.status} options={USER_STATUSES} text={(v) => t(`statuses.${v}`)} onChange={set('status')} disabled={readOnly} />
            <Choice name="locale" label={t('fields.locale')} value={values.locale} options={LOCALES} text={(v) => t(`locales.${v}`)} onChange={set('locale')} disabled={readOnly} />
            {values.adminType !== null && (
              <Choice name="adminType" label={t('fields.adminType')} value={values.adminType} options={ADMIN_TYPES} text={(v) => t(`roles.${v}`)} onChange={set('adminType')} disabled={readOnly} />
            )}
          </HStack>
          {can('user.force_sso') && (
            <Checkbox.Root checked={values.forceSso} onCheckedChange={(e) => set('forceSso')(e.checked === true)} disabled={readOnly}>
              <Checkbox.HiddenInput name="forceSso" />
              <Checkbox.Control />
              <Checkbox.Label>{t('fields.forceSso')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          {values.adminType === null && <ModuleRows rows={values.modules} onChange={set('modules')} problems={{ ...refused, ...problems }} readOnly={readOnly} />}
          {askReason && !readOnly && (
            <Field.Root>
              <Field.Label>{t('form.reason')}</Field.Label>
              <Textarea name="reason" rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Field.Root>
          )}
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Box>
  );
}

function Choice<V extends string>(props: { name: string; label: string; value: V; options: readonly V[]; text(value: V): string; onChange(value: V): void; disabled: boolean }) {
  return (
    <Field.Root disabled={props.disabled} maxW="xs">
      <Field.Label>{props.label}</Field.Label>
      <NativeSelect.Root disabled={props.disabled}>
        <NativeSelect.Field name={props.name} value={props.value} onChange={(e) => props.onChange(e.target.value as V)}>
          {props.options.map((option) => (
            <option key={option} value={option}>
              {props.text(option)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
