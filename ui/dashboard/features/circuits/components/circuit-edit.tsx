import { Alert, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { DetailStatus, EditTabs, saveCallbacks } from '../../../components/edit-scaffold';
import { Page } from '../../../components/page';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { lastListSearch } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/auth';
import { useChangeCircuit, useCircuit, useCircuitStatus } from '../api/circuits';
import { circuitList } from '../list-params';
import { circuitPaths } from '../paths';
import type { Circuit } from '../types';
import { circuitFieldOf, CircuitForm } from './circuit-form';
import { CircuitHistoryTable } from './circuit-history';

/** A circuit's form (read-only without circuit.manage), its activation with the rules' refusals, and its History tab. */
export function CircuitEdit({ id }: { id: string }) {
  const { t } = useTranslation(['circuits', 'common']);
  const can = useCan();
  const circuit = useCircuit(id);
  const change = useChangeCircuit();
  const refusals = useFormRefusals(circuitFieldOf);
  const listPath = `${circuitPaths.list}${lastListSearch(circuitList.name)}`;
  const listCrumb = { label: t('list.title'), to: listPath };

  const current = circuit.isError ? undefined : circuit.data;
  if (!current) return <DetailStatus query={circuit} listCrumb={listCrumb} ns="circuits" />;
  const editable = can('circuit.manage');

  const submit = (body: Record<string, unknown>) => {
    refusals.clear();
    change.mutate({ id, body, revision: current.revision }, saveCallbacks(refusals, circuit.refetch, t('notifications.updated', { name: String(body.name) })));
  };

  return (
    <Page title={editable ? t('edit.title', { name: current.name }) : current.name} breadcrumbs={[listCrumb, { label: current.name }]}>
      <Stack gap="5">
        <Activation circuit={current} editable={editable} />
        <EditTabs
          tabs={[
            {
              value: 'general',
              label: t('edit.tabs.general'),
              content: (
                <CircuitForm
                  key={current.revision}
                  circuit={current}
                  refused={refusals.refused}
                  failure={refusals.failure}
                  readOnly={!editable}
                  submitting={change.isPending}
                  cancelTo={listPath}
                  onSubmit={submit}
                />
              ),
            },
            { value: 'history', label: t('edit.tabs.history'), content: <CircuitHistoryTable id={id} /> },
          ]}
        />
      </Stack>
    </Page>
  );
}

/** Its type, channel and status, and the button that activates or deactivates it; a refusal (used by categories…) is shown in words. */
function Activation({ circuit, editable }: { circuit: Circuit; editable: boolean }) {
  const { t } = useTranslation('circuits');
  const status = useCircuitStatus();
  const errorText = useApiErrorText();
  const [refusal, setRefusal] = useState<string | null>(null);
  const active = circuit.status === 'enabled';
  const action = active ? 'deactivate' : 'activate';
  return (
    <Box borderWidth="1px" borderRadius="md" p="4" maxW="4xl" data-testid="circuit-activation">
      <HStack gap="3" wrap="wrap" justify="space-between">
        <HStack gap="3" wrap="wrap">
          <Badge colorPalette={active ? 'green' : 'gray'} data-testid="circuit-status">
            {t(`statuses.${circuit.status}`)}
          </Badge>
          <Text>{t(`types.${circuit.circuitType}`)}</Text>
          <Text color="fg.muted">{t('edit.usedBy', { count: circuit.categoryCount })}</Text>
        </HStack>
        {editable && (
          <Button
            size="sm"
            variant="outline"
            colorPalette={active ? 'red' : 'green'}
            loading={status.isPending}
            onClick={() => {
              setRefusal(null);
              status.mutate({ id: circuit.id, action }, { onError: (error) => setRefusal(errorText(error)) });
            }}
          >
            {t(`actions.${action}`)}
          </Button>
        )}
      </HStack>
      {refusal && (
        <Alert.Root status="error" role="alert" mt="3" data-testid="circuit-activation-refusal">
          <Alert.Indicator />
          <Alert.Title>{refusal}</Alert.Title>
        </Alert.Root>
      )}
    </Box>
  );
}
