import { Box, Field, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFooter } from '../../../components/form-footer';
import { CONFIGURATION_NAME, propertyField, type ConfigurationField, type ConfigurationFormValues, type FormProblem, type PropertyField } from '../form-model';
import { PropertyInput } from './property-input';

type Problems = Partial<Record<ConfigurationField, string>>;

interface Props<Body> {
  fields: readonly PropertyField[];
  initial: ConfigurationFormValues;
  /** The values checked and turned into the request's body, or the problems found. */
  build(values: ConfigurationFormValues): { body: Body } | { problems: FormProblem[] };
  /** Refusals by field, from the API. */
  refused: Problems;
  /** A refusal that names no field (a change by someone else since…). */
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(body: Body): void;
}

/**
 * A connector configuration's form: its name (unique for the retailer), one
 * field per property of the connector (secrets write-only), and whether it is
 * active. Checked on submit by the API's rules, each problem at its field.
 */
export function ConfigurationForm<Body>({ fields, initial, build, refused, failure, readOnly, submitting, submitLabel, cancelTo, onSubmit }: Props<Body>) {
  const { t } = useTranslation(['connectors', 'api']);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<Problems>({});
  const shown = (field: ConfigurationField) => problems[field] ?? refused[field];

  function submit(event: FormEvent) {
    event.preventDefault();
    const built = build(values);
    if ('problems' in built) {
      const found: Problems = {};
      for (const { field, code, params } of built.problems) found[field] ??= t(`api:errors.${code}`, params);
      setProblems(found);
      const first = built.problems[0]?.field;
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProblems({});
    onSubmit(built.body);
  }

  const setProperty = (name: string, value: string) => setValues((current) => ({ ...current, properties: { ...current.properties, [name]: value } }));
  const setChanging = (name: string, changing: boolean) =>
    setValues((current) => ({
      ...current,
      changing: { ...current.changing, [name]: changing },
      properties: { ...current.properties, [name]: '' },
    }));

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="3xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <Field.Root invalid={Boolean(shown('name'))} required disabled={readOnly}>
            <Field.Label>
              {t('fields.name')}
              <Field.RequiredIndicator />
            </Field.Label>
            <Input name="name" value={values.name} autoComplete="off" onChange={(event) => setValues((current) => ({ ...current, name: event.target.value }))} />
            {shown('name') ? <Field.ErrorText>{shown('name')}</Field.ErrorText> : <Field.HelperText>{t('form.nameHelp', CONFIGURATION_NAME)}</Field.HelperText>}
          </Field.Root>
          <Stack as="fieldset" gap="4" borderTopWidth="1px" pt="4">
            <Text as="legend" fontWeight="semibold" mb="2">
              {t('form.properties')}
            </Text>
            {fields.map((field) => (
              <PropertyInput
                key={field.name}
                field={field}
                values={values}
                problem={shown(propertyField(field.name))}
                readOnly={readOnly}
                onValue={(value) => setProperty(field.name, value)}
                onChanging={(changing) => setChanging(field.name, changing)}
              />
            ))}
          </Stack>
          <Field.Root invalid={Boolean(shown('active'))} disabled={readOnly}>
            <Switch.Root checked={values.active} onCheckedChange={(event) => setValues((current) => ({ ...current, active: event.checked }))} disabled={readOnly} name="active">
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{t('fields.active')}</Switch.Label>
            </Switch.Root>
            {shown('active') ? <Field.ErrorText>{shown('active')}</Field.ErrorText> : <Field.HelperText>{t('form.activeHelp')}</Field.HelperText>}
          </Field.Root>
          <FormFooter failure={failure} failureTestId="configuration-failure" cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Box>
  );
}
