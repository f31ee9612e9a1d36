import { Alert, Button, Code, DataList, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../shared/format/format';
import { ApiErrorAlert } from '../../../../shared/buyback-path/components/api-error-alert';
import { useSftpAccess, type SftpSettings } from '../api/sftp';

/** The access: status, protocol, host, port, user name; enable (the password shown once, here) or disable. */
export function AccessPanel({ organizationId, settings }: { organizationId: string; settings: SftpSettings }) {
  const { t, i18n } = useTranslation('sftp');
  const { enable, disable } = useSftpAccess(organizationId);
  const [password, setPassword] = useState<string | null>(null);
  const { access } = settings;
  const rows: Array<[string, string]> = [
    ['status', t(`status.${access.status}`)],
    ['protocol', 'SFTP'],
    ['host', access.host],
    ['port', access.port === null ? t('serverOff') : String(access.port)],
    ['username', access.username ?? '—'],
    ['enabledAt', access.enabledAt ? formatDateTime(access.enabledAt, i18n.language) : '—'],
  ];
  return (
    <Stack gap="4" data-testid="sftp-access" data-status={access.status}>
      <DataList.Root orientation="horizontal" size="sm">
        {rows.map(([key, value]) => (
          <DataList.Item key={key}>
            <DataList.ItemLabel>{t(`fields.${key}`)}</DataList.ItemLabel>
            <DataList.ItemValue data-testid={`sftp-${key}`}>{value}</DataList.ItemValue>
          </DataList.Item>
        ))}
      </DataList.Root>
      {password && (
        <Alert.Root status="warning" data-testid="sftp-password-alert">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('passwordOnce')}</Alert.Title>
            <Alert.Description>
              <Code data-testid="sftp-password" fontSize="md">
                {password}
              </Code>
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {(enable.error || disable.error) && <ApiErrorAlert error={enable.error ?? disable.error} />}
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="green" loading={enable.isPending} onClick={() => enable.mutate(undefined, { onSuccess: (answer) => setPassword(answer.password) })}>
          {access.status === 'enabled' ? t('actions.renew') : t('actions.enable')}
        </Button>
        {access.status === 'enabled' && (
          <Button variant="outline" colorPalette="red" loading={disable.isPending} onClick={() => disable.mutate(undefined, { onSuccess: () => setPassword(null) })}>
            {t('actions.disable')}
          </Button>
        )}
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        {t('explain', { fileName: settings.importConfiguration.fileName, maxFiles: settings.limits.maxFiles, maxMb: Math.round(settings.limits.maxFileBytes / 1024 / 1024) })}
      </Text>
    </Stack>
  );
}
