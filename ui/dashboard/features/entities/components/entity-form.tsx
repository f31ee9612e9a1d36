import { Box, HStack, Stack, Switch, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useAvailableParents, useBuyers } from '../api/get-entity';
import { checkForm, formFieldOf, type EntityBody, type EntityField, type EntityFormValues, type EntityProblems } from '../form-model';
import { CREATABLE_TYPES, ENTITY_LIMITS, ORGANIZATION_STATUSES, type OrganizationType } from '../types';
import { ChoiceField, TextField } from './form-fields';
import { OpeningHoursFields } from './opening-hours-fields';
import { FormFooter } from '../../../components/form-footer';

interface Props {
  initial: EntityFormValues;
  /** The entity being edited (null: a new one): its type and buyer are then fixed, and it is no parent of itself. */
  organizationId: string | null;
  refused: EntityProblems;
  failure: string | null;
  readOnly: boolean;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(body: EntityBody, reason: string): void;
}

/** Countries offered first; any other ISO code may be typed by the API's clients. */
const COUNTRIES = ['FR', 'BE', 'LU', 'CH', 'DE', 'NL', 'ES', 'IT', 'GB', 'PT', 'AT', 'IE'] as const;

/**
 * An entity's form: every field of specification 002 §3. Its type and buyer
 * are chosen once (disabled when editing); its parent among those its type
 * may hang under (GET /organizations/available-parents); the coordinates
 * typed by hand only with the manual geocoding switch (else found from the
 * postal code). Checked on submit by the API's own rules, each problem at its field.
 */
export function EntityForm({ initial, organizationId, refused, failure, readOnly, submitting, submitLabel, cancelTo, onSubmit }: Props) {
  const { t, i18n } = useTranslation(['entities', 'api', 'common']);
  const [values, setValues] = useState(initial);
  const [problems, setProblems] = useState<EntityProblems>({});
  const editing = organizationId !== null;
  const parents = useAvailableParents(values.type, organizationId);
  const buyers = useBuyers();
  const shown = (field: EntityField) => problems[field] ?? refused[field];
  const set =
    <K extends keyof EntityFormValues>(key: K) =>
    (value: EntityFormValues[K]) =>
      setValues((current) => ({ ...current, [key]: value }));
  const countryName = new Intl.DisplayNames([i18n.language], { type: 'region' });

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkForm(values);
    if ('problems' in checked) {
      const found: EntityProblems = {};
      for (const { field, code, ...details } of checked.problems) {
        const message = t(`api:errors.${code}`, details);
        // A day's hours: the group's one message, naming the first day refused.
        found[formFieldOf(field) ?? (field as EntityField)] ??= typeof details.day === 'string' ? `${t(`days.${details.day}`)} — ${message}` : message;
      }
      setProblems(found);
      const first = checked.problems[0]?.field;
      if (first) document.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setProblems({});
    const body: EntityBody = editing ? checked.body : { ...checked.body, type: values.type as EntityBody['type'], buyerId: values.buyerId || null };
    onSubmit(body, values.reason);
  }

  const { text, address, city, externalId } = ENTITY_LIMITS;
  const between = (bounds: { min: number; max: number }) => t('form.between', { min: bounds.min, max: bounds.max });
  const typeOptions = (editing ? [values.type] : (CREATABLE_TYPES as readonly OrganizationType[])).map((type) => ({ value: type, label: t(`types.${type}`) }));
  const parentOptions = (parents.data ?? []).map((p) => ({ value: p.id, label: `${p.commonName} (${t(`types.${p.type}`)})` }));
  const buyerOptions = (buyers.data ?? []).map((b) => ({ value: b.id, label: b.commonName }));
  const field = (name: EntityField, bounds: { min: number; max: number } | null, options: { required?: boolean; inputMode?: 'decimal' | 'email' } = {}) => (
    <TextField
      name={name}
      label={t(`fields.${name}`)}
      value={values[name] as string}
      onChange={set(name) as (value: string) => void}
      problem={shown(name)}
      help={bounds ? between(bounds) : undefined}
      disabled={readOnly}
      {...options}
    />
  );

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 4, md: 6 }} maxW="4xl">
      <form onSubmit={submit} noValidate aria-label={t('form.title')}>
        <Stack gap="5">
          <HStack gap="4" align="start" wrap="wrap">
            <ChoiceField
              name="type"
              label={t('fields.type')}
              value={values.type}
              options={typeOptions}
              onChange={(type) => setValues((current) => ({ ...current, type, parentOrganizationId: '', buyerId: type === 'buyer' ? '' : current.buyerId }))}
              disabled={readOnly || editing}
              required
              help={editing ? t('form.fixed') : undefined}
            />
            <ChoiceField
              name="parentOrganizationId"
              label={t('fields.parentOrganizationId')}
              value={values.parentOrganizationId}
              options={parentOptions}
              onChange={set('parentOrganizationId')}
              problem={shown('parentOrganizationId')}
              disabled={readOnly || values.type === 'root_management_unit'}
              required={values.type !== 'root_management_unit'}
              placeholder={t('form.choose')}
            />
            <ChoiceField name="status" label={t('fields.status')} value={values.status} options={ORGANIZATION_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))} onChange={set('status')} disabled={readOnly} required />
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            {field('commonName', text, { required: true })}
            {field('corporateName', text)}
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            {field('street', address)}
            {field('streetComplement', address)}
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            {field('zipCode', text)}
            {field('city', city)}
            <ChoiceField
              name="country"
              label={t('fields.country')}
              value={values.country}
              options={[...new Set([...COUNTRIES, values.country].filter(Boolean))].map((code) => ({ value: code, label: countryName.of(code) ?? code }))}
              onChange={set('country')}
              problem={shown('country')}
              disabled={readOnly}
              required
            />
          </HStack>
          <HStack gap="4" align="start" wrap="wrap">
            {field('externalId', externalId)}
            {field('email', null, { inputMode: 'email' })}
            {field('stock', text)}
          </HStack>
          <ChoiceField
            name="buyerId"
            label={t('fields.buyerId')}
            value={values.buyerId}
            options={buyerOptions}
            onChange={set('buyerId')}
            problem={shown('buyerId')}
            disabled={readOnly || editing || values.type === 'buyer'}
            placeholder={t('form.noBuyer')}
            help={editing ? t('form.fixed') : undefined}
          />
          <Stack gap="3">
            <Switch.Root checked={values.manualGeocoding} onCheckedChange={(e) => set('manualGeocoding')(e.checked)} disabled={readOnly} name="manualGeocoding">
              <Switch.HiddenInput />
              <Switch.Control>
                <Switch.Thumb />
              </Switch.Control>
              <Switch.Label>{t('fields.manualGeocoding')}</Switch.Label>
            </Switch.Root>
            <Text fontSize="sm" color="fg.muted">
              {values.manualGeocoding ? t('form.manualGeocoding') : t('form.automaticGeocoding')}
            </Text>
            {values.manualGeocoding && (
              <HStack gap="4" align="start" wrap="wrap">
                {field('latitude', null, { inputMode: 'decimal' })}
                {field('longitude', null, { inputMode: 'decimal' })}
              </HStack>
            )}
          </Stack>
          {values.type === 'store' && (
            <Stack gap="1">
              <Switch.Root checked={values.showCart} onCheckedChange={(e) => set('showCart')(e.checked)} disabled={readOnly} name="showCart">
                <Switch.HiddenInput />
                <Switch.Control>
                  <Switch.Thumb />
                </Switch.Control>
                <Switch.Label>{t('fields.showCart')}</Switch.Label>
              </Switch.Root>
              <Text fontSize="sm" color="fg.muted">
                {t('form.showCart')}
              </Text>
            </Stack>
          )}
          {values.type === 'store' && (
            <OpeningHoursFields
              values={values.openingHours}
              onChange={(day, text) => setValues((current) => ({ ...current, openingHours: { ...current.openingHours, [day]: text } }))}
              problem={shown('openingHours')}
              disabled={readOnly}
            />
          )}
          {editing && !readOnly && field('reason', null)}
          <FormFooter failure={failure} cancelTo={cancelTo} readOnly={readOnly} submitting={submitting} submitLabel={submitLabel} />
        </Stack>
      </form>
    </Box>
  );
}
