import { Alert, Box, Button, Heading, Stack, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadingStatus } from '../../../components/loading-status';
import { useConfigurations, useConnectorCatalogue } from '../api/connectors';
import { catalogueGroups } from '../catalogue-model';
import { connectorPaths } from '../paths';
import { useConnectorName } from './labels';

/** The platform's connectors by type, each with how many configurations the organization has of it, and the way to them. */
export function ConnectorCatalogue({ organizationId }: { organizationId: string }) {
  const { t } = useTranslation('connectors');
  const catalogue = useConnectorCatalogue();
  const nameOf = useConnectorName();
  const configurations = useConfigurations(organizationId);
  if (catalogue.isError || configurations.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('catalogue.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  }
  if (!catalogue.data || !configurations.data) return <LoadingStatus size="lg" py="10" />;
  const groups = catalogueGroups(catalogue.data, configurations.data);

  return (
    <Stack gap="8">
      {groups.map((group) => (
        <Box as="section" key={group.type} aria-labelledby={`connector-type-${group.type}`} data-testid="connector-group">
          <Heading as="h2" size="md" mb="1" id={`connector-type-${group.type}`}>
            {t(`types.${group.type}`)}
          </Heading>
          <Text color="fg.muted" mb="3">
            {t(`typeHelp.${group.type}`)}
          </Text>
          <Box overflowX="auto" borderWidth="1px" borderRadius="md" bg="bg">
            <Table.Root size="sm" tableLayout={{ md: 'fixed' }}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader w={{ md: '30%' }}>{t('fields.connector')}</Table.ColumnHeader>
                  <Table.ColumnHeader w={{ md: '30%' }}>{t('fields.fqn')}</Table.ColumnHeader>
                  <Table.ColumnHeader w={{ md: '25%' }}>{t('fields.configurations')}</Table.ColumnHeader>
                  <Table.ColumnHeader w={{ md: '15%' }}>
                    <VisuallyHidden>{t('fields.actions')}</VisuallyHidden>
                  </Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {group.entries.map(({ connector, configurations: count, active }) => {
                  const ownScreen = !connector.configurable;
                  return (
                    <Table.Row key={connector.id} data-testid="connector-row" data-connector={connector.id}>
                      <Table.Cell fontWeight="medium">{nameOf(connector)}</Table.Cell>
                      <Table.Cell>
                        <Text as="code" fontSize="xs">
                          {connector.fqn}
                        </Text>
                      </Table.Cell>
                      <Table.Cell data-testid="connector-count">{ownScreen ? t('catalogue.ownScreen') : count === 0 ? t('catalogue.none') : t('catalogue.count', { count, active })}</Table.Cell>
                      <Table.Cell textAlign="end">
                        <Button asChild size="xs" variant="outline">
                          <RouterLink
                            to={ownScreen ? connectorPaths.sso(organizationId) : connectorPaths.configurations(organizationId, connector.id)}
                            aria-label={t('catalogue.configureNamed', { name: nameOf(connector) })}
                          >
                            {t('catalogue.configure')}
                          </RouterLink>
                        </Button>
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          </Box>
        </Box>
      ))}
    </Stack>
  );
}
