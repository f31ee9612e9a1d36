import { Button } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Page } from '../../../components/page';
import { useListParams } from '../../../hooks/use-list-params';
import { useCan } from '../../../lib/auth';
import { CircuitEdit } from '../components/circuit-edit';
import { CircuitsList } from '../components/circuits-list';
import { RuleCreate, RuleEdit } from '../components/rule-edit';
import { RulesList } from '../components/rules-list';
import { circuitList, ruleList } from '../list-params';
import { circuitPaths } from '../paths';
import { UuidRoute } from '../../../components/uuid-route';

/** /circuits: the retailer's circuits. */
export function CircuitsPage() {
  const { t } = useTranslation('circuits');
  const [params, setParams] = useListParams(circuitList);
  return (
    <Page title={t('list.title')} breadcrumbs={[{ label: t('list.title') }]}>
      <CircuitsList params={params} setParams={setParams} />
    </Page>
  );
}

/** /circuit/{id}/edit: ids are UUIDs; anything else is not a circuit. */
export function CircuitEditPage() {
  return <UuidRoute>{(id) => <CircuitEdit key={id} id={id} />}</UuidRoute>;
}

/** /dispatch-circuit-rules: the rules and, for who manages them, the way to a new one. */
export function RulesPage() {
  const { t } = useTranslation('circuits');
  const can = useCan();
  const [params, setParams] = useListParams(ruleList);
  return (
    <Page
      title={t('rules.title')}
      breadcrumbs={[{ label: t('rules.title') }]}
      actions={
        can('circuit.manage') && (
          <Button asChild colorPalette="brand">
            <RouterLink to={circuitPaths.createRule}>{t('rules.new')}</RouterLink>
          </Button>
        )
      }
    >
      <RulesList params={params} setParams={setParams} />
    </Page>
  );
}

export function RuleCreatePage() {
  return <RuleCreate />;
}

export function RuleEditPage() {
  return <UuidRoute>{(id) => <RuleEdit key={id} id={id} />}</UuidRoute>;
}
