import { Alert, Box, Button, HStack, SimpleGrid, Stack, Tabs } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CLIENT_TABS, tabOf, type ClientFormField, type ClientFormValues, type ClientTab } from '../form-model';
import { ACCOUNT_STATUSES, CIRCUIT_TYPES, CURRENCIES, LOCALES, MODULE_TYPES, PAYMENT_TYPES, PREMIUM_FEATURES, SHIPPING_TYPES } from '../types';
import { CheckField, CheckGroup, SelectField, TextField } from './form-controls';

export type ClientProblems = Partial<Record<ClientFormField, string>>;

interface Props {
  initial: ClientFormValues;
  refused: ClientProblems;
  failure: string | null;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(values: ClientFormValues): void;
  /** More tabs after the form's own (the history), shown beside them. */
  extraTabs?: Array<{ value: string; label: string; content: ReactNode }>;
  /** The tab shown, kept by the caller across a reload of the form (after a save); else the form's own. */
  tab?: string;
  onTabChange?(tab: string): void;
}

/**
 * The client's form in the specification's tabs: general information,
 * modules, active circuits, white-label website, payment modes, transport,
 * premium features. Checked by the API; each refused field shown at its
 * place, its tab opened.
 */
export function ClientForm({ initial, refused, failure, submitting, submitLabel, cancelTo, onSubmit, extraTabs = [], tab: shownTab, onTabChange }: Props) {
  const { t } = useTranslation(['clients', 'common']);
  const [values, setValues] = useState(initial);
  const [ownTab, setOwnTab] = useState<string>('general');
  const tab = shownTab ?? ownTab;
  const setTab = onTabChange ?? setOwnTab;
  // A refusal opens the tab of its first field.
  useEffect(() => {
    const first = Object.keys(refused)[0] as ClientFormField | undefined;
    if (first) setTab(tabOf(first));
  }, [refused, setTab]);
  const set =
    <K extends keyof ClientFormValues>(key: K) =>
    (value: ClientFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const text = (name: ClientFormField & keyof ClientFormValues, options: Partial<Parameters<typeof TextField>[0]> = {}) => (
    <TextField name={name} label={t(`fields.${name}`)} value={values[name] as string} onChange={set(name) as (value: string) => void} error={refused[name]} {...options} />
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    onSubmit(values);
  }

  const tabContent: Record<ClientTab, ReactNode> = {
    general: (
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('commonName', { required: true, help: t('form.between', { min: 2, max: 255 }) })}
          {text('corporateName')}
          {text('siret', { help: t('form.siret'), inputMode: 'numeric' })}
          {text('capital', { help: t('form.capital'), inputMode: 'decimal' })}
          <SelectField name="status" label={t('fields.status')} value={values.status} options={ACCOUNT_STATUSES} text={(v) => t(`statuses.${v}`)} onChange={set('status')} />
          {text('country', { required: true, help: t('form.country') })}
          {text('street')}
          {text('streetComplement')}
          {text('zipCode')}
          {text('city')}
          <SelectField name="language" label={t('fields.language')} value={values.language} options={LOCALES} text={(v) => t(`languages.${v}`)} onChange={set('language')} />
          <SelectField name="currency" label={t('fields.currency')} value={values.currency} options={CURRENCIES} text={(v) => v} onChange={set('currency')} />
          {text('webChannelUrl', { help: t('form.url'), inputMode: 'url' })}
        </SimpleGrid>
      </Stack>
    ),
    modules: <CheckGroup name="modules" legend={t('fields.modules')} options={MODULE_TYPES} value={values.modules} text={(v) => t(`modules.${v}`)} onChange={set('modules')} error={refused.modules} />,
    circuits: <CheckGroup name="activeCircuits" legend={t('fields.activeCircuits')} options={CIRCUIT_TYPES} value={values.activeCircuits} text={(v) => t(`circuits.${v}`)} onChange={set('activeCircuits')} />,
    whiteLabel: (
      <Stack gap="4">
        <CheckField name="whiteLabelEnabled" label={t('fields.whiteLabelEnabled')} checked={values.whiteLabelEnabled} onChange={set('whiteLabelEnabled')} />
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {text('tagManagerId', { disabled: !values.whiteLabelEnabled })}
          {text('axeptioId', { disabled: !values.whiteLabelEnabled })}
          {text('externalLinkUrl', { disabled: !values.whiteLabelEnabled, help: t('form.url') })}
          {text('externalLinkText', { disabled: !values.whiteLabelEnabled })}
        </SimpleGrid>
        <CheckField name="dropOffLocationsMapEnabled" label={t('fields.dropOffLocationsMapEnabled')} checked={values.dropOffLocationsMapEnabled} disabled={!values.whiteLabelEnabled} onChange={set('dropOffLocationsMapEnabled')} />
        {text('cookiesPolicy', { disabled: !values.whiteLabelEnabled, multiline: true })}
        {text('accessibilityStatement', { disabled: !values.whiteLabelEnabled, multiline: true })}
      </Stack>
    ),
    paymentModes: <CheckGroup name="paymentModes" legend={t('fields.paymentModes')} options={PAYMENT_TYPES} value={values.paymentModes} text={(v) => t(`paymentTypes.${v}`)} onChange={set('paymentModes')} />,
    transport: (
      <Stack gap="4">
        <CheckGroup name="shippingTypes" legend={t('fields.shippingTypes')} options={SHIPPING_TYPES} value={values.shippingTypes} text={(v) => t(`shippingTypes.${v}`)} onChange={set('shippingTypes')} />
        {text('carrierAccountNumber')}
      </Stack>
    ),
    premium: <CheckGroup name="premiumFeatures" legend={t('fields.premiumFeatures')} options={PREMIUM_FEATURES} value={values.premiumFeatures} text={(v) => t(`premium.${v}`)} onChange={set('premiumFeatures')} />,
  };

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }}>
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          {failure && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="line">
            <Tabs.List overflowX="auto" mb="4">
              {CLIENT_TABS.map((value) => (
                <Tabs.Trigger key={value} value={value}>
                  {t(`tabs.${value}`)}
                </Tabs.Trigger>
              ))}
              {extraTabs.map((extra) => (
                <Tabs.Trigger key={extra.value} value={extra.value}>
                  {extra.label}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {CLIENT_TABS.map((value) => (
              <Tabs.Content key={value} value={value}>
                {tabContent[value]}
              </Tabs.Content>
            ))}
            {extraTabs.map((extra) => (
              <Tabs.Content key={extra.value} value={extra.value}>
                {extra.content}
              </Tabs.Content>
            ))}
          </Tabs.Root>
          <HStack gap="3">
            <Button type="submit" colorPalette="brand" loading={submitting}>
              {submitLabel}
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={cancelTo}>{t('common:actions.cancel')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
    </Box>
  );
}
