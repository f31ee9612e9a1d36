import { Badge, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteAction, DetailStatus, EditTabs, saveCallbacks } from '../../../components/edit-scaffold';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useCan } from '../../../lib/auth';
import { useChangeConfiguration, useConfiguration, useConnectorCatalogue, useDeleteConfiguration } from '../api/connectors';
import { changeBody, propertyFields, valuesOf, type ChangeConfigurationBody } from '../form-model';
import { connectorPaths } from '../paths';
import type { Connector, ConnectorConfiguration } from '../types';
import { ConfigurationForm } from './configuration-form';
import { ConfigurationHistory } from './configuration-history';
import { ConnectionTest } from './connection-test';
import { useConnectorName } from './labels';
import { useConfigurationRefusals } from './use-configuration-refusals';

/** /connectors/{configurationId}: the configuration's form (read-only without connector.manage), its connection test, its deletion and its History tab. */
export function ConfigurationEdit({ id }: { id: string }) {
  const { t } = useTranslation('connectors');
  const configuration = useConfiguration(id);
  const catalogue = useConnectorCatalogue();
  const current = configuration.isError ? undefined : configuration.data;
  const connector = current && catalogue.data?.find((entry) => entry.id === current.connectorId);
  const listCrumb = { label: t('catalogue.title'), to: current ? connectorPaths.catalogue(current.organizationId) : connectorPaths.home };
  if (!current || !connector) return <DetailStatus query={configuration.isError ? configuration : catalogue} listCrumb={listCrumb} ns="connectors" />;
  return <Loaded configuration={current} connector={connector} refetch={configuration.refetch} />;
}

function Loaded({ configuration, connector, refetch }: { configuration: ConnectorConfiguration; connector: Connector; refetch: () => unknown }) {
  const { t } = useTranslation(['connectors', 'common']);
  const can = useCan();
  const navigate = useNavigate();
  const change = useChangeConfiguration();
  const remove = useDeleteConfiguration();
  const fields = useMemo(() => propertyFields(connector, configuration), [connector, configuration]);
  const refusals = useConfigurationRefusals(fields);
  const connectorName = useConnectorName()(connector);
  const editable = can('connector.manage');
  const listPath = connectorPaths.configurations(configuration.organizationId, connector.id);

  const submit = (body: ChangeConfigurationBody) => {
    refusals.clear();
    if (Object.keys(body).length === 0) {
      toaster.create({ type: 'info', title: t('notifications.unchanged') });
      return;
    }
    const saved = saveCallbacks({ refuse: (error) => refusals.refuse(error, body.properties ?? []) }, refetch, t('notifications.updated', { name: body.name ?? configuration.name }));
    change.mutate({ id: configuration.id, body, revision: configuration.revision }, saved);
  };

  return (
    <Page
      title={editable ? t('edit.title', { name: configuration.name }) : configuration.name}
      titleAddon={
        <Badge colorPalette={configuration.active ? 'green' : 'gray'} data-testid="configuration-status">
          {t(configuration.active ? 'statuses.active' : 'statuses.inactive')}
        </Badge>
      }
      breadcrumbs={[
        { label: t('catalogue.title'), to: connectorPaths.catalogue(configuration.organizationId) },
        { label: connectorName, to: listPath },
        { label: configuration.name },
      ]}
      actions={
        editable && (
          <DeleteAction
            label={t('actions.delete')}
            title={t('delete.title', { name: configuration.name })}
            warning={t('delete.warning')}
            pending={remove.isPending}
            onConfirm={(refused) =>
              remove.mutate(
                { id: configuration.id, revision: configuration.revision },
                {
                  onSuccess: () => {
                    toaster.create({ type: 'success', title: t('notifications.deleted', { name: configuration.name }) });
                    void navigate(listPath);
                  },
                  onError: (error) => {
                    refused(error);
                    void refetch();
                  },
                },
              )
            }
          />
        )
      }
    >
      <Stack gap="5">
        {connector.testable && <ConnectionTest configuration={configuration} allowed={editable} />}
        <EditTabs
          tabs={[
            {
              value: 'general',
              label: t('edit.tabs.general'),
              content: (
                <ConfigurationForm
                  // Drawn afresh when a setting changed (saved here, or by someone else: a refused save reads it again); a connection test keeps what is typed.
                  key={configuration.updatedAt}
                  fields={fields}
                  initial={valuesOf(connector, configuration)}
                  build={(values) => changeBody(configuration, connector, values)}
                  refused={refusals.refused}
                  failure={refusals.failure}
                  readOnly={!editable}
                  submitting={change.isPending}
                  submitLabel={t('common:actions.save')}
                  cancelTo={listPath}
                  onSubmit={submit}
                />
              ),
            },
            { value: 'history', label: t('edit.tabs.history'), content: <ConfigurationHistory id={configuration.id} /> },
          ]}
        />
      </Stack>
    </Page>
  );
}
