import { Field, NativeSelect } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../../lib/auth';
import { useOrganizationChoices } from '../api/connectors';
import { connectorPaths } from '../paths';

/**
 * Whose connectors the page shows: the retailer's root managers (and the
 * platform's staff, across retailers) choose among the organizations they
 * see (root, management units, stores); choosing one opens its catalogue.
 * Nothing to choose, nothing shown.
 */
export function OrganizationPicker({ organizationId }: { organizationId: string | null }) {
  const { t } = useTranslation('connectors');
  const can = useCan();
  const navigate = useNavigate();
  const choices = useOrganizationChoices(can('organization.list'));
  const organizations = choices.data ?? [];
  if (organizations.length < 2 && organizationId !== null) return null;
  const known = organizations.some((organization) => organization.id === organizationId);
  return (
    <Field.Root maxW="md" mb="6">
      <Field.Label>{t('picker.label')}</Field.Label>
      <NativeSelect.Root disabled={choices.isPending}>
        <NativeSelect.Field
          name="organizationId"
          value={known ? (organizationId ?? '') : ''}
          onChange={(event) => event.target.value && void navigate(connectorPaths.catalogue(event.target.value))}
        >
          {!known && <option value="">{t('picker.choose')}</option>}
          {organizations.map((organization) => (
            <option key={organization.id} value={organization.id}>
              {t('picker.option', { name: organization.commonName, type: t(`organizationTypes.${organization.type}`, { defaultValue: organization.type }) })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}
