import { Alert, Button, chakra, Checkbox, Field, Fieldset, HStack, Input, Link, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldProblem } from '../../api/client';
import type { CustomerDraft } from '../cart-store';
import { countryOptions, phoneCountryOptions } from './countries';
import {
  asksIdentity,
  checkCustomer,
  errorsFromApi,
  firstErrorField,
  IDENTITY_DOCUMENT_TYPES,
  localToday,
  messageOf,
  type CustomerErrors,
  type CustomerField,
  type CustomerRules,
} from './customer-rules';

export interface CustomerFormProps {
  initial: CustomerDraft;
  rules: CustomerRules;
  /** The countries the chosen shipping can serve; every country when empty. */
  countries?: readonly string[];
  /** Field errors the API answered to the last create: shown at their fields. */
  serverProblems?: readonly FieldProblem[];
  /** Where the terms of service are (the storefront's /cgs); none on the dashboard. */
  termsHref?: string;
  /** "I accept" (the visitor) or "the customer accepts" (a seller entering the details). */
  termsWording: 'visitor' | 'seller';
  submitLabel: string;
  /** The details are being sent (the submit button shows it and takes no second click). */
  submitting?: boolean;
  /** Called with every change, so the details survive a reload of the tab. */
  onChange?(draft: CustomerDraft): void;
  onSubmit(draft: CustomerDraft): void;
  secondaryAction?: ReactNode;
}

/**
 * The customer's details with the specification's rules (section 5), checked
 * in the browser with the server's own code; every error shows at its field,
 * in the user's language. A submit with errors moves the focus to the first.
 */
export function CustomerForm(props: CustomerFormProps) {
  const { t, i18n } = useTranslation(['buyback-path', 'api']);
  const [draft, setDraft] = useState<CustomerDraft>(props.initial);
  const [submitted, setSubmitted] = useState(false);
  const server = useMemo(() => errorsFromApi(props.serverProblems ?? []), [props.serverProblems]);
  /** Server errors stay on a field until it is changed. */
  const [serverErrors, setServerErrors] = useState<CustomerErrors>(server.errors);
  const refs = useRef<Partial<Record<CustomerField, HTMLElement | null>>>({});
  const today = localToday();

  const checked = useMemo(() => (submitted ? checkCustomer(draft, props.rules, today) : {}), [submitted, draft, props.rules, today]);
  const errors: CustomerErrors = { ...serverErrors, ...checked };
  const errorCount = Object.keys(errors).length;

  const language = i18n.language;
  const countries = useMemo(() => countryOptions(language, props.countries), [language, props.countries]);
  const phoneCountries = useMemo(() => phoneCountryOptions(language), [language]);

  const change = <K extends keyof CustomerDraft>(field: K, value: CustomerDraft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    props.onChange?.(next);
    if (field !== 'phoneCountry') setServerErrors(({ [field as CustomerField]: _cleared, ...rest }) => rest);
    else setServerErrors(({ phoneNumber: _cleared, ...rest }) => rest);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (props.submitting) return;
    setSubmitted(true);
    const found = { ...serverErrors, ...checkCustomer(draft, props.rules, today) };
    const first = firstErrorField(found);
    if (first) {
      refs.current[first]?.focus();
      return;
    }
    props.onSubmit(draft);
  };

  const message = (field: CustomerField) => {
    const error = errors[field];
    return error ? t(error.key, error.values) : null;
  };

  const text = (field: CustomerField & keyof CustomerDraft, options: { required?: boolean; type?: string; autoComplete?: string; inputMode?: 'email' | 'tel' | 'text' | 'numeric'; helper?: string } = {}) => (
    <Field.Root invalid={Boolean(errors[field])} required={options.required ?? true}>
      <Field.Label>
        {t(`customer.fields.${field}`)}
        <Field.RequiredIndicator />
      </Field.Label>
      <Input
        ref={(element) => {
          refs.current[field] = element;
        }}
        name={field}
        type={options.type ?? 'text'}
        autoComplete={options.autoComplete}
        inputMode={options.inputMode}
        value={String(draft[field])}
        onChange={(event) => change(field, event.target.value as never)}
      />
      {options.helper && <Field.HelperText>{options.helper}</Field.HelperText>}
      <Field.ErrorText>{message(field)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <chakra.form noValidate onSubmit={submit} aria-describedby={submitted && errorCount > 0 ? 'customer-form-errors' : undefined}>
      <Stack gap={8}>
        {submitted && errorCount > 0 && (
          <Alert.Root status="error" id="customer-form-errors" role="alert">
            <Alert.Indicator />
            <Alert.Title>{t('customer.errors.summary', { count: errorCount })}</Alert.Title>
          </Alert.Root>
        )}
        {server.unplaced.length > 0 && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Description>
              {server.unplaced.map((problem) => {
                const { key, values } = messageOf(problem);
                return <p key={`${problem.field}-${problem.code}`}>{t(key, { ...values, defaultValue: problem.message })}</p>;
              })}
            </Alert.Description>
          </Alert.Root>
        )}

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold">
            {t('customer.sections.identity')}
          </Fieldset.Legend>
          <Fieldset.Content>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {text('firstName', { autoComplete: 'given-name' })}
              {text('lastName', { autoComplete: 'family-name' })}
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold">
            {t('customer.sections.contact')}
          </Fieldset.Legend>
          <Fieldset.Content>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
              {text('email', { type: 'email', autoComplete: 'email', inputMode: 'email' })}
              <Field.Root invalid={Boolean(errors.phoneNumber)} required id="customer-phone-number">
                <Field.Label>
                  {t('customer.fields.phoneNumber')}
                  <Field.RequiredIndicator />
                </Field.Label>
                <HStack gap={2} align="stretch" w="full">
                  <NativeSelect.Root width={{ base: '8.5rem', md: '10rem' }} flexShrink={0}>
                    <NativeSelect.Field
                      id="customer-phone-country"
                      aria-label={t('customer.fields.phoneCountry')}
                      name="phoneCountry"
                      value={draft.phoneCountry}
                      onChange={(event) => change('phoneCountry', event.target.value)}
                    >
                      {phoneCountries.map((country) => (
                        <option key={country.code} value={country.code}>
                          {`${country.name} (+${country.callingCode})`}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Input
                    ref={(element) => {
                      refs.current.phoneNumber = element;
                    }}
                    id="customer-phone-number"
                    name="phoneNumber"
                    type="tel"
                    autoComplete="tel-national"
                    inputMode="tel"
                    value={draft.phoneNumber}
                    onChange={(event) => change('phoneNumber', event.target.value)}
                  />
                </HStack>
                <Field.HelperText>{t('customer.help.phone')}</Field.HelperText>
                <Field.ErrorText>{message('phoneNumber')}</Field.ErrorText>
              </Field.Root>
            </SimpleGrid>
          </Fieldset.Content>
        </Fieldset.Root>

        <Fieldset.Root>
          <Fieldset.Legend fontSize="lg" fontWeight="semibold">
            {t('customer.sections.address')}
          </Fieldset.Legend>
          <Fieldset.Content>
            <Stack gap={4}>
              {text('street', { autoComplete: 'address-line1' })}
              {text('streetComplement', { required: false, autoComplete: 'address-line2' })}
              <SimpleGrid columns={{ base: 1, md: 3 }} gap={4}>
                {text('zipCode', { autoComplete: 'postal-code' })}
                {text('city', { autoComplete: 'address-level2' })}
                <Field.Root invalid={Boolean(errors.country)} required>
                  <Field.Label>
                    {t('customer.fields.country')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      ref={(element) => {
                        refs.current.country = element;
                      }}
                      name="country"
                      autoComplete="country"
                      value={draft.country}
                      onChange={(event) => change('country', event.target.value)}
                    >
                      <option value="">{t('customer.choose')}</option>
                      {countries.map((country) => (
                        <option key={country.code} value={country.code}>
                          {country.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{message('country')}</Field.ErrorText>
                </Field.Root>
              </SimpleGrid>
            </Stack>
          </Fieldset.Content>
        </Fieldset.Root>

        {props.rules.ibanRequired && (
          <Fieldset.Root>
            <Fieldset.Legend fontSize="lg" fontWeight="semibold">
              {t('customer.sections.bank')}
            </Fieldset.Legend>
            <Fieldset.Content>{text('iban', { autoComplete: 'off', helper: t('customer.help.iban') })}</Fieldset.Content>
          </Fieldset.Root>
        )}

        {asksIdentity(props.rules) && (
          <Fieldset.Root>
            <Fieldset.Legend fontSize="lg" fontWeight="semibold">
              {t('customer.sections.identityDocument')}
            </Fieldset.Legend>
            <Fieldset.Content>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap={4}>
                <Field.Root invalid={Boolean(errors.identityType)} required>
                  <Field.Label>
                    {t('customer.fields.identityType')}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      ref={(element) => {
                        refs.current.identityType = element;
                      }}
                      name="identityType"
                      value={draft.identityType}
                      onChange={(event) => change('identityType', event.target.value)}
                    >
                      <option value="">{t('customer.choose')}</option>
                      {IDENTITY_DOCUMENT_TYPES.map((type) => (
                        <option key={type} value={type}>
                          {t(`customer.identityTypes.${type}`)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.ErrorText>{message('identityType')}</Field.ErrorText>
                </Field.Root>
                {text('identityNumber', { autoComplete: 'off' })}
                {props.rules.identityRequired && text('identityAuthority', { autoComplete: 'off' })}
                {props.rules.identityRequired && (
                  <Field.Root invalid={Boolean(errors.identityDeliveryDate)} required>
                    <Field.Label>
                      {t('customer.fields.identityDeliveryDate')}
                      <Field.RequiredIndicator />
                    </Field.Label>
                    <Input
                      ref={(element) => {
                        refs.current.identityDeliveryDate = element;
                      }}
                      name="identityDeliveryDate"
                      type="date"
                      max={today}
                      value={draft.identityDeliveryDate}
                      onChange={(event) => change('identityDeliveryDate', event.target.value)}
                    />
                    <Field.ErrorText>{message('identityDeliveryDate')}</Field.ErrorText>
                  </Field.Root>
                )}
              </SimpleGrid>
            </Fieldset.Content>
          </Fieldset.Root>
        )}

        <Field.Root invalid={Boolean(errors.termsAccepted)} required>
          <Checkbox.Root
            checked={draft.termsAccepted}
            onCheckedChange={(details) => change('termsAccepted', details.checked === true)}
            alignItems="flex-start"
          >
            <Checkbox.HiddenInput
              ref={(element: HTMLInputElement | null) => {
                refs.current.termsAccepted = element;
              }}
              name="termsAccepted"
            />
            <Checkbox.Control mt="0.5" />
            <Checkbox.Label>{t(`customer.terms.${props.termsWording}`)}</Checkbox.Label>
          </Checkbox.Root>
          {props.termsHref && (
            <Link href={props.termsHref} target="_blank" rel="noopener" color="brand.fg" textDecoration="underline" ms={7}>
              {t('customer.terms.read')}
            </Link>
          )}
          <Field.ErrorText>{message('termsAccepted')}</Field.ErrorText>
        </Field.Root>

        <HStack justify="space-between" gap={3} flexWrap="wrap-reverse">
          {props.secondaryAction ?? <span />}
          <Button type="submit" colorPalette="brand" size="lg" loading={props.submitting}>
            {props.submitLabel}
          </Button>
        </HStack>
      </Stack>
    </chakra.form>
  );
}
