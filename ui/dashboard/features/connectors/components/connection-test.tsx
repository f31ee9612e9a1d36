import { Alert, Box, Button, HStack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { useTestConfiguration } from '../api/connectors';
import type { ConnectionTestAnswer, ConnectorConfiguration } from '../types';

/**
 * "Test the connection": the provider is called now with the stored
 * configuration; its answer is said (connected, or the provider's failure in
 * words) with how long it took. Before any test, the last one's outcome.
 */
export function ConnectionTest({ configuration, allowed }: { configuration: ConnectorConfiguration; allowed: boolean }) {
  const { t, i18n } = useTranslation('connectors');
  const test = useTestConfiguration();
  const errorText = useApiErrorText();
  const [answer, setAnswer] = useState<ConnectionTestAnswer | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const last = configuration.lastTest;
  const when = (at: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(new Date(at));

  const run = () => {
    setAnswer(null);
    setRefusal(null);
    test.mutate({ id: configuration.id }, { onSuccess: setAnswer, onError: (error) => setRefusal(errorText(error)) });
  };

  return (
    <Box borderWidth="1px" borderRadius="md" p="4" maxW="3xl" data-testid="connection-test">
      <HStack gap="3" wrap="wrap" justify="space-between">
        <Text color="fg.muted" data-testid="last-test">
          {last ? t(last.ok ? 'test.lastOk' : 'test.lastFailed', { at: when(last.at) }) : t('test.never')}
        </Text>
        {allowed && (
          <Button size="sm" variant="outline" colorPalette="brand" loading={test.isPending} onClick={run}>
            {t('test.run')}
          </Button>
        )}
      </HStack>
      {answer && (
        <Alert.Root status={answer.ok ? 'success' : 'error'} role="status" mt="3" data-testid="test-result">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t(answer.ok ? 'test.ok' : 'test.failed', { ms: new Intl.NumberFormat(i18n.language).format(answer.latencyMs) })}</Alert.Title>
            {answer.message && <Alert.Description data-testid="test-message">{answer.message}</Alert.Description>}
          </Alert.Content>
        </Alert.Root>
      )}
      {refusal && (
        <Alert.Root status="error" role="alert" mt="3" data-testid="test-refusal">
          <Alert.Indicator />
          <Alert.Title>{refusal}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}
