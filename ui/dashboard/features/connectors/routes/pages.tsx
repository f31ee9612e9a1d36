import { Button } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { useIdempotencyKeys } from '../../../../shared/api/use-idempotency-keys';
import { DetailStatus } from '../../../components/edit-scaffold';
import { NotFound } from '../../../components/not-found';
import { OwnOrganizationRedirect } from '../../../components/own-organization';
import { UUID } from '../../../lib/uuid';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { useConnectorCatalogue, useCreateConfiguration } from '../api/connectors';
import { ConfigurationEdit } from '../components/configuration-edit';
import { ConfigurationForm } from '../components/configuration-form';
import { ConfigurationsList } from '../components/configurations-list';
import { ConnectorCatalogue } from '../components/connector-catalogue';
import { OrganizationPicker } from '../components/organization-picker';
import { useConfigurationRefusals } from '../components/use-configuration-refusals';
import { useConnectorName } from '../components/labels';
import { createBody, propertyFields, valuesOf, type CreateConfigurationBody } from '../form-model';
import { connectorPaths } from '../paths';
import type { Connector } from '../types';

/** The catalogue's ids: slugs ("http-carrier"). */
const CONNECTOR_ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** /connectors: the signed-in user's own organization's catalogue; without one (platform staff), the organization to choose. */
export function HomePage() {
  const { t } = useTranslation('connectors');
  return (
    <OwnOrganizationRedirect to={connectorPaths.catalogue} title={t('catalogue.title')} message={t('picker.chooseFirst')}>
      <OrganizationPicker organizationId={null} />
    </OwnOrganizationRedirect>
  );
}

/** /connectors/{organizationId}/connectors: the catalogue by type, with the organization's configurations of each. */
export function CataloguePage() {
  const { t } = useTranslation('connectors');
  const { organizationId = '' } = useParams();
  if (!UUID.test(organizationId)) return <NotFound />;
  return (
    <Page title={t('catalogue.title')} breadcrumbs={[{ label: t('catalogue.title') }]}>
      <OrganizationPicker organizationId={organizationId} />
      <ConnectorCatalogue key={organizationId} organizationId={organizationId} />
    </Page>
  );
}

/** The connector a page names, from the catalogue: its spinner, or "not found" for an unknown one or one configured elsewhere (SSO). */
function useNamedConnector(connectorId: string): { connector: Connector } | { status: 'loading' | 'missing'; query: { isError: boolean; error: unknown } } {
  const catalogue = useConnectorCatalogue();
  if (!catalogue.data) return { status: catalogue.isError ? 'missing' : 'loading', query: catalogue };
  const connector = catalogue.data.find((entry) => entry.id === connectorId && entry.configurable);
  return connector ? { connector } : { status: 'missing', query: catalogue };
}

/** /connectors/{organizationId}/configurations/{connectorId}: that connector's configurations for the organization, and a new one. */
export function ConfigurationsPage() {
  const { organizationId = '', connectorId = '' } = useParams();
  if (!UUID.test(organizationId) || !CONNECTOR_ID.test(connectorId)) return <NotFound />;
  return <Configurations key={`${organizationId}/${connectorId}`} organizationId={organizationId} connectorId={connectorId} />;
}

function Configurations({ organizationId, connectorId }: { organizationId: string; connectorId: string }) {
  const { t } = useTranslation('connectors');
  const named = useNamedConnector(connectorId);
  const catalogueCrumb = { label: t('catalogue.title'), to: connectorPaths.catalogue(organizationId) };
  if (!('connector' in named)) return named.status === 'missing' && !named.query.isError ? <NotFound /> : <DetailStatus query={named.query} listCrumb={catalogueCrumb} ns="connectors" />;
  return <ConfigurationsOf organizationId={organizationId} connector={named.connector} />;
}

function ConfigurationsOf({ organizationId, connector }: { organizationId: string; connector: Connector }) {
  const { t } = useTranslation('connectors');
  const can = useCan();
  const name = useConnectorName()(connector);
  const catalogueCrumb = { label: t('catalogue.title'), to: connectorPaths.catalogue(organizationId) };
  return (
    <Page
      title={t('configurations.title', { name })}
      breadcrumbs={[catalogueCrumb, { label: name }]}
      actions={
        can('connector.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={connectorPaths.create(organizationId, connector.id)}>{t('actions.create')}</RouterLink>
          </Button>
        )
      }
    >
      <ConfigurationsList organizationId={organizationId} connectorId={connector.id} />
    </Page>
  );
}

/** /connectors/createConfiguration?organizationId=…&connectorId=…: a new configuration of that connector for that organization. */
export function CreatePage() {
  const [search] = useSearchParams();
  const organizationId = search.get('organizationId') ?? '';
  const connectorId = search.get('connectorId') ?? '';
  if (!UUID.test(organizationId) || !CONNECTOR_ID.test(connectorId)) return <NotFound />;
  return <Create key={`${organizationId}/${connectorId}`} organizationId={organizationId} connectorId={connectorId} />;
}

function Create({ organizationId, connectorId }: { organizationId: string; connectorId: string }) {
  const named = useNamedConnector(connectorId);
  const { t } = useTranslation('connectors');
  if (!('connector' in named)) {
    if (named.status === 'missing' && !named.query.isError) return <NotFound />;
    return <DetailStatus query={named.query} listCrumb={{ label: t('catalogue.title'), to: connectorPaths.catalogue(organizationId) }} ns="connectors" />;
  }
  return <CreateForm organizationId={organizationId} connector={named.connector} />;
}

function CreateForm({ organizationId, connector }: { organizationId: string; connector: Connector }) {
  const { t } = useTranslation('connectors');
  const navigate = useNavigate();
  const create = useCreateConfiguration();
  const keys = useIdempotencyKeys();
  const fields = useMemo(() => propertyFields(connector, null), [connector]);
  const refusals = useConfigurationRefusals(fields);
  const listPath = connectorPaths.configurations(organizationId, connector.id);
  const name = useConnectorName()(connector);

  function submit(body: CreateConfigurationBody) {
    refusals.clear();
    create.mutate(
      { body, idempotencyKey: keys.keyFor(body) },
      {
        onSuccess: (answer) => {
          toaster.create({ type: 'success', title: t('notifications.created', { name: body.name }) });
          void navigate(connectorPaths.edit(answer.id));
        },
        onError: (error) => refusals.refuse(error, body.properties),
      },
    );
  }

  return (
    <Page
      title={t('create.title', { name })}
      breadcrumbs={[{ label: t('catalogue.title'), to: connectorPaths.catalogue(organizationId) }, { label: name, to: listPath }, { label: t('create.crumb') }]}
    >
      <ConfigurationForm
        fields={fields}
        initial={valuesOf(connector, null)}
        build={(values) => createBody(organizationId, connector, values)}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        submitLabel={t('create.submit')}
        cancelTo={listPath}
        onSubmit={submit}
      />
    </Page>
  );
}

/** /connectors/{configurationId}: ids are UUIDs; anything else is not a configuration. */
export function EditPage() {
  const { configurationId = '' } = useParams();
  if (!UUID.test(configurationId)) return <NotFound />;
  return <ConfigurationEdit key={configurationId} id={configurationId} />;
}
