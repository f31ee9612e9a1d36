import { Badge, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePropertyLabel } from './labels';
import { INTEGER, isEditing, propertyField, type ConfigurationFormValues, type PropertyField } from '../form-model';

interface Props {
  field: PropertyField;
  values: ConfigurationFormValues;
  problem: string | undefined;
  readOnly: boolean;
  onValue(value: string): void;
  /** A stored secret: true to type a new one, false to keep the stored one. */
  onChanging(changing: boolean): void;
}

/**
 * One property of the connector as a field of its kind: a URL, a text, a
 * whole number, or a secret. A secret is write-only: once stored it reads
 * "set", and "change" opens an empty field for a new one (never the stored
 * value, which the API does not send back).
 */
export function PropertyInput({ field, values, problem, readOnly, onValue, onChanging }: Props) {
  const { t } = useTranslation('connectors');
  const label = usePropertyLabel()(field.name);
  const name = propertyField(field.name);
  const editing = isEditing(field, values);
  const help: ReactNode = problem ? <Field.ErrorText>{problem}</Field.ErrorText> : <Field.HelperText>{t(`form.kinds.${field.kind}`, INTEGER)}</Field.HelperText>;

  if (!editing) {
    return (
      <Stack gap="1.5" data-testid={`property-${field.name}`}>
        <Text textStyle="sm" fontWeight="medium">
          {label}
        </Text>
        <HStack gap="3">
          <Badge colorPalette="green" data-testid="secret-set">
            {t('form.secretSet')}
          </Badge>
          {!readOnly && (
            <Button size="xs" variant="outline" onClick={() => onChanging(true)} aria-label={t('form.changeSecret', { name: label })}>
              {t('form.change')}
            </Button>
          )}
        </HStack>
        {problem && (
          <Text textStyle="xs" color="fg.error">
            {problem}
          </Text>
        )}
      </Stack>
    );
  }

  return (
    <Field.Root invalid={Boolean(problem)} required={field.required} disabled={readOnly} data-testid={`property-${field.name}`}>
      <Field.Label>
        {label}
        <Field.RequiredIndicator />
      </Field.Label>
      <HStack gap="3" w="full">
        <Input
          name={name}
          type={field.secret ? 'password' : field.kind === 'url' ? 'url' : 'text'}
          inputMode={field.kind === 'integer' ? 'numeric' : undefined}
          autoComplete={field.secret ? 'new-password' : 'off'}
          value={values.properties[field.name] ?? ''}
          onChange={(event) => onValue(event.target.value)}
        />
        {field.set && !readOnly && (
          <Button size="sm" variant="ghost" onClick={() => onChanging(false)}>
            {t('form.keepSecret')}
          </Button>
        )}
      </HStack>
      {help}
    </Field.Root>
  );
}
