import { Alert, Badge, Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink } from '../../../components/page';
import { useConfigurations } from '../api/connectors';
import { connectorPaths } from '../paths';
import type { ConnectorConfiguration } from '../types';

/** One connector's configurations for the organization: name, active or not, the last connection test, last change. */
export function ConfigurationsList({ organizationId, connectorId }: { organizationId: string; connectorId: string }) {
  const { t, i18n } = useTranslation('connectors');
  const configurations = useConfigurations(organizationId, connectorId);
  const when = (at: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(at));

  if (configurations.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('configurations.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!configurations.data) return <LoadingStatus size="lg" py="10" />;
  if (configurations.data.length === 0) {
    return (
      <Box bg="bg" borderWidth="1px" borderRadius="md" p="8" textAlign="center">
        <Text>{t('configurations.empty')}</Text>
      </Box>
    );
  }

  const lastTest = (configuration: ConnectorConfiguration) => {
    const test = configuration.lastTest;
    if (!test) return <Text color="fg.muted">{t('test.neverShort')}</Text>;
    return (
      <Badge colorPalette={test.ok ? 'green' : 'red'} title={test.message}>
        {t(test.ok ? 'test.okShort' : 'test.failedShort', { at: when(test.at) })}
      </Badge>
    );
  };

  return (
    <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg">
      <Table.Root size="sm" data-testid="configurations" aria-label={t('configurations.caption')}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('fields.name')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.organization')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.lastTest')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('fields.updatedAt')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {configurations.data.map((configuration) => (
            <Table.Row key={configuration.id} data-testid="configuration-row">
              <Table.Cell>
                <AppLink to={connectorPaths.edit(configuration.id)}>{configuration.name}</AppLink>
              </Table.Cell>
              <Table.Cell>{configuration.organizationName}</Table.Cell>
              <Table.Cell>
                <Badge colorPalette={configuration.active ? 'green' : 'gray'}>{t(configuration.active ? 'statuses.active' : 'statuses.inactive')}</Badge>
              </Table.Cell>
              <Table.Cell>{lastTest(configuration)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{when(configuration.updatedAt)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
