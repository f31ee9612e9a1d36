import { Badge, Field, HStack, Input, Text } from '@chakra-ui/react';
import { colorContrast, normalisedColor } from '@server/domain/settings/design/contrast';
import { useTranslation } from 'react-i18next';

/** A design colour: a colour picker and its hex, with its contrast against the text drawn on it, live (WCAG AA: 4.5:1). */
export function ColorField({ name, label, value, onChange, error, readOnly, optional }: {
  name: string;
  label: string;
  value: string;
  onChange(value: string): void;
  error?: string | undefined;
  readOnly?: boolean;
  optional?: boolean;
}) {
  const { t } = useTranslation('design');
  const color = normalisedColor(value);
  const contrast = color ? colorContrast(color) : null;
  return (
    <Field.Root invalid={Boolean(error) || (value !== '' && !color)} readOnly={readOnly}>
      <Field.Label>{label}</Field.Label>
      <HStack gap="2">
        <Input type="color" aria-label={t('form.picker', { label })} value={color ?? '#000000'} onChange={(e) => onChange(e.target.value.toUpperCase())} w="14" p="1" disabled={readOnly} />
        <Input name={name} value={value} onChange={(e) => onChange(e.target.value)} maxLength={7} placeholder={optional ? t('form.none') : '#RRGGBB'} w="32" fontFamily="mono" />
        {contrast && (
          <Badge colorPalette={contrast.passesAA ? 'green' : 'red'} data-testid={`${name}-contrast`} style={{ background: contrast.color, color: contrast.text }}>
            {t('form.sample')}
          </Badge>
        )}
      </HStack>
      {contrast ? (
        <Text fontSize="sm" color={contrast.passesAA ? 'fg.muted' : 'fg.error'} data-testid={`${name}-ratio`}>
          {t(contrast.passesAA ? 'form.contrastOk' : 'form.contrastLow', { ratio: contrast.ratio.toFixed(2), required: '4.5' })}
        </Text>
      ) : (
        value !== '' && <Field.ErrorText>{t('form.notHex')}</Field.ErrorText>
      )}
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
