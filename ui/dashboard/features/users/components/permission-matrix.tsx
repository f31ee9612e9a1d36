import { Alert, Box, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/loading-status';
import { usePermissionMatrix } from '../api/get-permission-matrix';

/** The role-to-permission matrix (the source of docs/permissions.md): a row per permission, what it allows, a column per role. */
export function PermissionMatrixTable() {
  const { t } = useTranslation('users');
  const matrix = usePermissionMatrix();
  if (matrix.isPending) return <LoadingStatus py="4" />;
  if (matrix.isError) {
    return (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{t('matrix.loadFailed')}</Alert.Title>
      </Alert.Root>
    );
  }
  const { userTypes, permissions } = matrix.data;
  const roles = userTypes.filter((type) => type !== 'pseudo_anonymous');
  return (
    // Focusable, so the keyboard scrolls it too (the table is wider and longer than the screen); capped at 90vh as every scroll area (specification 000 §9, 002 §9).
    <Box overflow="auto" maxH="90vh" borderWidth="1px" borderRadius="md" tabIndex={0} role="region" aria-label={t('matrix.caption')}>
      <Table.Root size="sm" stickyHeader data-testid="permission-matrix">
        <Table.Caption>{t('matrix.caption')}</Table.Caption>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader scope="col">{t('matrix.permission')}</Table.ColumnHeader>
            {roles.map((role) => (
              <Table.ColumnHeader key={role} scope="col" textAlign="center" fontSize="xs">
                {t(`roles.${role}`)}
              </Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {permissions.map((permission) => (
            <Table.Row key={permission.name} data-testid="permission-row">
              <Table.Cell minW="xs">
                <Text>{permission.description}</Text>
                <Text fontSize="xs" color="fg.muted" fontFamily="mono">
                  {permission.name}
                </Text>
              </Table.Cell>
              {roles.map((role) => {
                const held = permission.holders.includes(role);
                return (
                  <Table.Cell key={role} textAlign="center" aria-label={held ? t('matrix.held') : t('matrix.notHeld')}>
                    {held ? '✓' : ''}
                  </Table.Cell>
                );
              })}
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
