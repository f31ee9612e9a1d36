import { Alert, Badge, Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useApiErrorText } from '../../../../shared/buyback-path/components/api-error-alert';
import { DetailStatus, EditTabs, saveCallbacks } from '../../../components/edit-scaffold';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { useFormRefusals } from '../../../hooks/use-form-refusals';
import { lastListSearch } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/auth';
import { useChangeRule, useCreateRule, useRule, useRuleConnector, useSwitchConnector } from '../api/rules';
import { ruleList } from '../list-params';
import { circuitPaths } from '../paths';
import { RULE_CONNECTOR_FEATURES, type RuleConnectorFeature } from '../types';
import { RuleHistoryTable } from './circuit-history';
import { RuleForm, ruleFieldOf } from './rule-form';

function useListCrumb() {
  const { t } = useTranslation('circuits');
  const to = `${circuitPaths.rules}${lastListSearch(ruleList.name)}`;
  return { label: t('rules.title'), to };
}

/** A new dispatch circuit rule: its circuit chosen, then its fields. */
export function RuleCreate() {
  const { t } = useTranslation('circuits');
  const navigate = useNavigate();
  const create = useCreateRule();
  const refusals = useFormRefusals(ruleFieldOf, { CIRCUIT_NOT_FOUND: 'circuit', DISPATCH_CIRCUIT_RULE_ALREADY_EXISTS: 'circuit' });
  const listCrumb = useListCrumb();
  return (
    <Page title={t('rules.createTitle')} breadcrumbs={[listCrumb, { label: t('rules.createTitle') }]}>
      <RuleForm
        rule={null}
        refused={refusals.refused}
        failure={refusals.failure}
        readOnly={false}
        submitting={create.isPending}
        cancelTo={listCrumb.to}
        onSubmit={(body) => {
          refusals.clear();
          create.mutate(body, {
            onSuccess: (answer) => {
              toaster.create({ type: 'success', title: t('rules.created') });
              void navigate(circuitPaths.editRule(answer.id));
            },
            onError: (error) => refusals.refuse(error),
          });
        }}
      />
    </Page>
  );
}

/** A dispatch circuit rule's form (read-only without circuit.manage), its premium connectors and its History tab. */
export function RuleEdit({ id }: { id: string }) {
  const { t } = useTranslation(['circuits', 'common']);
  const can = useCan();
  const rule = useRule(id);
  const change = useChangeRule();
  const refusals = useFormRefusals(ruleFieldOf);
  const listCrumb = useListCrumb();
  const current = rule.isError ? undefined : rule.data;
  if (!current) return <DetailStatus query={rule} listCrumb={listCrumb} ns="circuits" />;
  const editable = can('circuit.manage');
  return (
    <Page title={t('rules.editTitle', { name: current.circuit_name })} breadcrumbs={[listCrumb, { label: current.circuit_name }]}>
      <Stack gap="5">
        <Box borderWidth="1px" borderRadius="md" p="4" maxW="4xl" data-testid="rule-connectors">
          <Text fontWeight="semibold" mb="2">
            {t('rules.connectors')}
          </Text>
          <Stack gap="2">
            {RULE_CONNECTOR_FEATURES.map((feature) => (
              <Connector key={feature} ruleId={id} feature={feature} editable={editable} />
            ))}
          </Stack>
        </Box>
        <EditTabs
          tabs={[
            {
              value: 'general',
              label: t('edit.tabs.general'),
              content: (
                <RuleForm
                  key={current.revision}
                  rule={current}
                  refused={refusals.refused}
                  failure={refusals.failure}
                  readOnly={!editable}
                  submitting={change.isPending}
                  cancelTo={listCrumb.to}
                  onSubmit={(body) => {
                    refusals.clear();
                    change.mutate({ id, body, revision: current.revision }, saveCallbacks(refusals, rule.refetch, t('rules.updated')));
                  }}
                />
              ),
            },
            { value: 'history', label: t('edit.tabs.history'), content: <RuleHistoryTable id={id} /> },
          ]}
        />
      </Stack>
    </Page>
  );
}

/** One premium feature's connector on the rule: whether the retailer has the feature (a premium badge when not), launched or not, and the button. */
function Connector({ ruleId, feature, editable }: { ruleId: string; feature: RuleConnectorFeature; editable: boolean }) {
  const { t } = useTranslation('circuits');
  const state = useRuleConnector(ruleId, feature);
  const toggle = useSwitchConnector();
  const errorText = useApiErrorText();
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!state.data) return null;
  const { available, active } = state.data;
  return (
    <Stack gap="1">
      <HStack gap="3" wrap="wrap">
        <Text>{t(`connectors.${feature}`)}</Text>
        {!available && <Badge colorPalette="purple">{t('rules.premium')}</Badge>}
        <Badge colorPalette={active ? 'green' : 'gray'}>{t(active ? 'rules.launched' : 'rules.notLaunched')}</Badge>
        {editable && (available || active) && (
          <Button
            size="xs"
            variant="outline"
            loading={toggle.isPending}
            onClick={() => {
              setRefusal(null);
              toggle.mutate({ id: ruleId, action: feature, active: !active }, { onError: (error) => setRefusal(errorText(error)) });
            }}
          >
            {t(active ? 'rules.stop' : 'rules.launch')}
          </Button>
        )}
      </HStack>
      {refusal && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{refusal}</Alert.Title>
        </Alert.Root>
      )}
    </Stack>
  );
}
