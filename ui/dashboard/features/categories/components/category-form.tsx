import { Box, Button, Checkbox, Field, Fieldset, HStack, Image, Input, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceField, TextField } from '../../entities/components/form-fields';
import { useCategoryTree, useOrganizationsOfType, useUploadCategoryImage } from '../api/categories';
import { bodyOf, type CategoryFormValues } from '../form-model';
import { ABSORPTION_TYPES, TRANSLATED_FIELDS, type CategoryAdminNode, type CategoryBody } from '../types';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { FormFooter } from '../../../components/form-footer';
import { withTranslatedText } from '../../../components/translated-texts';
import { TranslationsSection } from '../../../components/translations-section';

interface Props {
  initial: CategoryFormValues;
  /** The category being edited (null: a new one): it and what is below it are no parent of it. */
  categoryId: string | null;
  refused: Partial<Record<string, string>>;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(body: CategoryBody): void;
}

/** The tree flattened depth first, each with its path; without `excluded` and what is below it. */
function parentOptions(nodes: readonly CategoryAdminNode[], excluded: string | null, parents: string[] = []): Array<{ value: string; label: string }> {
  return nodes
    .filter((node) => node.id !== excluded)
    .flatMap((node) => [{ value: node.id, label: [...parents, node.label].join(' › ') }, ...parentOptions(node.children, excluded, [...parents, node.label])]);
}

/**
 * A category's form: every field of specification 000 section 3 (the
 * picture uploaded at once, its URL kept), and its Translations section
 * (English, Dutch, German; French is the field itself). The API's rules are
 * the only ones: each refusal comes back at its field.
 */
export function CategoryForm({ initial, categoryId, refused, failure, readOnly, submitting, submitLabel, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation(['categories', 'common']);
  const [values, setValues] = useState(initial);
  const tree = useCategoryTree();
  const buyers = useOrganizationsOfType('buyer');
  const warehouses = useOrganizationsOfType('warehouse');
  const upload = useUploadCategoryImage();
  const errorText = useApiErrorText();
  const [uploadFailure, setUploadFailure] = useState<string | null>(null);
  const set =
    <K extends keyof CategoryFormValues>(key: K) =>
    (value: CategoryFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(bodyOf(values));
  }

  function chooseImage(file: File | undefined) {
    if (!file) return;
    setUploadFailure(null);
    upload.mutate(file, { onSuccess: (image) => set('imageUrl')(image.url), onError: (error) => setUploadFailure(errorText(error)) });
  }

  const field = (name: keyof CategoryFormValues & string, options: { required?: boolean; inputMode?: 'decimal' | 'text'; help?: string } = {}) => (
    <TextField
      name={name}
      label={t(`fields.${name}`)}
      value={values[name] as string}
      onChange={set(name) as (value: string) => void}
      problem={refused[name]}
      disabled={readOnly}
      {...options}
    />
  );
  const area = (name: 'description' | 'childrenDescription' | 'highlightedInstruction', help?: string) => (
    <Field.Root invalid={Boolean(refused[name])} disabled={readOnly}>
      <Field.Label>{t(`fields.${name}`)}</Field.Label>
      <Textarea name={name} value={values[name]} rows={2} onChange={(e) => set(name)(e.target.value)} />
      {refused[name] ? <Field.ErrorText>{refused[name]}</Field.ErrorText> : help ? <Field.HelperText>{help}</Field.HelperText> : null}
    </Field.Root>
  );

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <HStack gap="4" align="start" wrap="wrap">
            <ChoiceField
              name="parentId"
              label={t('fields.parentId')}
              value={values.parentId}
              options={parentOptions(tree.data ?? [], categoryId)}
              onChange={set('parentId')}
              problem={refused.parentId}
              disabled={readOnly}
              required
              placeholder={t('form.root')}
            />
            <ChoiceField
              name="buyerId"
              label={t('fields.buyerId')}
              value={values.buyerId}
              options={(buyers.data ?? []).map((b) => ({ value: b.id, label: b.commonName }))}
              onChange={set('buyerId')}
              problem={refused.buyerId}
              disabled={readOnly}
              required
              placeholder={t('form.choose')}
              help={categoryId ? t('form.buyerProviderOnly') : undefined}
            />
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            {field('label', { required: true, help: t('form.between', { min: 2, max: 255 }) })}
            {field('identifier', { required: true, help: t('form.identifierHelp') })}
          </HStack>
          {area('description')}
          {area('childrenDescription', t('form.childrenDescriptionHelp'))}
          {area('highlightedInstruction')}
          <HStack gap="4" align="start" wrap="wrap">
            {field('defaultWeightGrams', { required: true, inputMode: 'decimal' })}
            {field('defaultHeightCm', { inputMode: 'decimal' })}
            {field('defaultLengthCm', { inputMode: 'decimal' })}
            {field('defaultWidthCm', { inputMode: 'decimal' })}
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            <ChoiceField
              name="absorptionType"
              label={t('fields.absorptionType')}
              value={values.absorptionType}
              options={ABSORPTION_TYPES.map((type) => ({ value: type, label: t(`absorption.${type}`) }))}
              onChange={set('absorptionType')}
              problem={refused.absorptionType}
              disabled={readOnly}
              required
            />
            {field('absorptionValue', { required: true, inputMode: 'decimal', help: t('form.absorptionValueHelp') })}
            {field('absorptionCap', { inputMode: 'decimal' })}
          </HStack>
          <Fieldset.Root disabled={readOnly}>
            <Fieldset.Legend>{t('fields.image')}</Fieldset.Legend>
            <HStack gap="4" align="center" wrap="wrap">
              {values.imageUrl && <Image src={values.imageUrl} alt={values.imageAlt} maxH="16" borderRadius="sm" />}
              <Field.Root invalid={Boolean(uploadFailure ?? refused.imageUrl)} flex="1" minW="48">
                <Field.Label>{t('form.imageFile')}</Field.Label>
                <Input type="file" name="imageFile" accept="image/png,image/jpeg" p="1" onChange={(e) => chooseImage(e.target.files?.[0])} />
                {uploadFailure ? <Field.ErrorText>{uploadFailure}</Field.ErrorText> : <Field.HelperText>{t('form.imageHelp')}</Field.HelperText>}
              </Field.Root>
              {field('imageAlt')}
              {values.imageUrl && !readOnly && (
                <Button variant="outline" size="sm" onClick={() => set('imageUrl')('')}>
                  {t('form.removeImage')}
                </Button>
              )}
            </HStack>
          </Fieldset.Root>
          <Fieldset.Root disabled={readOnly}>
            <Fieldset.Legend>{t('fields.referentWarehouseIds')}</Fieldset.Legend>
            <HStack gap="4" wrap="wrap">
              {(warehouses.data ?? []).map((w) => (
                <Checkbox.Root
                  key={w.id}
                  checked={values.referentWarehouseIds.includes(w.id)}
                  onCheckedChange={(e) => set('referentWarehouseIds')(e.checked ? [...values.referentWarehouseIds, w.id] : values.referentWarehouseIds.filter((id) => id !== w.id))}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{w.commonName}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          </Fieldset.Root>
          <TranslationsSection
            rows={TRANSLATED_FIELDS.map((name) => ({ path: name, label: t(`fields.${name}`), french: values[name] }))}
            values={values.translations}
            onChange={(locale, path, text) => setValues((current) => ({ ...current, translations: withTranslatedText(current.translations, locale, path, text) }))}
            problem={(field) => refused[field]}
            help={t('form.translationsHelp')}
            readOnly={readOnly}
          />
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={submitLabel} cancelWhenReadOnly={false} />
        </Stack>
      </form>
    </Box>
  );
}
