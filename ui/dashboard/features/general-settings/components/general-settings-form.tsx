import { Alert, Box, Button, Fieldset, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckField, SelectField, TextField } from '../../clients/components/form-controls';
import type { GeneralSettings, GeneralSettingsValues } from '../api/general-settings';
import type { GeneralSettingsPage } from '../paths';

const CURRENCIES = ['EUR', 'GBP', 'USD', 'CHF'] as const;
const LOCALES = ['fr-FR', 'en-GB', 'nl-BE', 'de-DE'] as const;
const CHECK_IN = ['disabled', 'optional', 'mandatory'] as const;

/** The form's own values: the settings, the cart minimum typed in whole currency units, the link's three parts. */
interface FormValues extends GeneralSettingsValues {
  cartMinValue: string;
  linkActive: boolean;
  linkUrl: string;
  linkText: string;
}

function valuesOf(settings: GeneralSettingsValues): FormValues {
  return {
    ...settings,
    cartMinValue: String((settings.cartMinValueInCents ?? 0) / 100),
    linkActive: Boolean(settings.externalWebsiteLink),
    linkUrl: settings.externalWebsiteLink?.url ?? '',
    linkText: settings.externalWebsiteLink?.text ?? '',
  };
}

/** The merge-patch of what changed (a cart minimum that is not a whole number is sent as is, for the API to refuse at its field). */
function patchOf(initial: FormValues, values: FormValues): Record<string, unknown> {
  const { cartMinValue, linkActive, linkUrl, linkText, ...settings } = values;
  const patch: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'externalWebsiteLink' || key === 'cartMinValueInCents') continue;
    if (JSON.stringify(value) !== JSON.stringify(initial[key as keyof FormValues])) patch[key] = typeof value === 'string' && value.trim() === '' ? null : value;
  }
  if (cartMinValue !== initial.cartMinValue) patch.cartMinValueInCents = Math.round(Number(cartMinValue.replace(',', '.')) * 100);
  if (linkActive !== initial.linkActive || linkUrl !== initial.linkUrl || linkText !== initial.linkText) patch.externalWebsiteLink = linkActive ? { url: linkUrl, text: linkText } : null;
  return patch;
}

interface Props {
  current: GeneralSettings;
  page: GeneralSettingsPage;
  /** The API's refusals, by field (`externalWebsiteLink.url`…). */
  refused: Record<string, string>;
  failure: string | null;
  submitting: boolean;
  onSubmit(patch: Record<string, unknown>): void;
  /** The PDFs' part of the store page (uploads), when present. */
  files?: ReactNode;
}

/** A general-settings page's form: the store module's settings or the buyer and workshop modules', each refused field shown at its place. */
export function GeneralSettingsForm({ current, page, refused, failure, submitting, onSubmit, files }: Props) {
  const { t } = useTranslation('general-settings');
  const [initial] = useState(() => valuesOf(current.settings));
  const [values, setValues] = useState(initial);
  const set =
    <K extends keyof FormValues>(key: K) =>
    (value: FormValues[K]) =>
      setValues((v) => ({ ...v, [key]: value }));
  const check = (key: keyof FormValues & string, disabled = false) => (
    <CheckField name={key} label={t(`fields.${key}`)} checked={Boolean(values[key])} disabled={disabled} onChange={set(key) as (v: boolean) => void} />
  );
  const text = (key: keyof FormValues & string, options: { multiline?: boolean; disabled?: boolean; help?: string; error?: string | undefined; inputMode?: 'decimal' | 'url' } = {}) => (
    <TextField name={key} label={t(`fields.${key}`)} value={String(values[key] ?? '')} onChange={set(key) as (v: string) => void} error={options.error ?? refused[key]} {...options} />
  );
  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(patchOf(initial, values));
  }
  const noWhiteLabel = !current.whiteLabelActive;
  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }}>
      <form onSubmit={submit} noValidate aria-label={t(`titles.${page}`)}>
        <Stack gap="5">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          {page === 'lcm' ? (
            <Stack gap="4">
              <SelectField name="warehouseCheckinRequirement" label={t('fields.warehouseCheckinRequirement')} value={values.warehouseCheckinRequirement ?? 'optional'} options={CHECK_IN} text={(v) => t(`checkIn.${v}`)} onChange={set('warehouseCheckinRequirement')} />
              <SelectField name="isWarehouseCommentMandatory" label={t('fields.isWarehouseCommentMandatory')} value={values.isWarehouseCommentMandatory ? 'required' : 'optional'} options={['required', 'optional'] as const} text={(v) => t(`comment.${v}`)} onChange={(v) => set('isWarehouseCommentMandatory')(v === 'required')} />
              <SelectField name="isWarehouseCommentSharedToClient" label={t('fields.isWarehouseCommentSharedToClient')} value={values.isWarehouseCommentSharedToClient ? 'shared' : 'internal'} options={['shared', 'internal'] as const} text={(v) => t(`comment.${v}`)} onChange={(v) => set('isWarehouseCommentSharedToClient')(v === 'shared')} />
              {text('packingInstructions', { multiline: true, help: t('help.packingInstructions') })}
            </Stack>
          ) : (
            <Stack gap="5">
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                <SelectField name="currency" label={t('fields.currency')} value={values.currency ?? 'EUR'} options={CURRENCIES} text={(v) => v} onChange={set('currency')} />
                <SelectField name="language" label={t('fields.language')} value={values.language ?? 'fr-FR'} options={LOCALES} text={(v) => t(`languages.${v}`)} onChange={set('language')} />
                {text('cartMinValue', { inputMode: 'decimal', help: t('help.cartMinValue', { currency: values.currency }), error: refused.cartMinValueInCents })}
              </SimpleGrid>
              <Fieldset.Root>
                <Fieldset.Legend>{t('sections.path')}</Fieldset.Legend>
                <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" mt="2">
                  {check('customerIdentityDocumentRequired')}
                  {check('customerIdCollectionEnabled')}
                  {check('categoryNavigationEnabled')}
                  {check('storeLocatorMapEnabled', noWhiteLabel)}
                  {check('barCodeEnabled')}
                  {check('tagPriceEnabled')}
                </SimpleGrid>
              </Fieldset.Root>
              <Fieldset.Root>
                <Fieldset.Legend>{t('fields.externalWebsiteLink')}</Fieldset.Legend>
                <Stack gap="3" mt="2">
                  {noWhiteLabel && <Alert.Root status="info"><Alert.Indicator /><Alert.Title>{t('help.noWhiteLabel')}</Alert.Title></Alert.Root>}
                  {check('linkActive', noWhiteLabel)}
                  <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
                    {text('linkUrl', { disabled: noWhiteLabel || !values.linkActive, inputMode: 'url', error: refused['externalWebsiteLink.url'] })}
                    {text('linkText', { disabled: noWhiteLabel || !values.linkActive, error: refused['externalWebsiteLink.text'] })}
                  </SimpleGrid>
                </Stack>
              </Fieldset.Root>
              {text('buybackZeroDescription', { multiline: true, help: t('help.buybackZeroDescription') })}
              {text('noSearchResultDescription', { multiline: true, help: t('help.noSearchResultDescription') })}
              <Fieldset.Root>
                <Fieldset.Legend>{t('sections.legal')}</Fieldset.Legend>
                <Fieldset.HelperText>{t('help.legal')}</Fieldset.HelperText>
                <Stack gap="4" mt="2">
                  {text('eula', { multiline: true })}
                  {text('serviceTerms', { multiline: true })}
                  {text('faqAndContact', { multiline: true })}
                  {text('cookiesPolicy', { multiline: true, disabled: noWhiteLabel, help: t('help.cookiesPolicy') })}
                  {text('accessibilityStatement', { multiline: true, disabled: noWhiteLabel, help: t('help.accessibilityStatement') })}
                </Stack>
              </Fieldset.Root>
              {files}
            </Stack>
          )}
          <Box>
            <Button type="submit" colorPalette="brand" loading={submitting}>
              {t('actions.save')}
            </Button>
          </Box>
        </Stack>
      </form>
    </Box>
  );
}
