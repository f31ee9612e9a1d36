import { Badge, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FiltersBar, ListScreen, SelectFilter, type ListColumn } from '../../../components/list';
import { AppLink } from '../../../components/page';
import { useRules } from '../api/rules';
import { CIRCUIT_STATUS_FILTER, EMPTY_RULE_FILTERS, ruleList, type RuleFilters, type RuleListParams, type RuleSortField } from '../list-params';
import { circuitPaths } from '../paths';
import type { DispatchCircuitRule } from '../types';

/** The labels of a rule's categories, cut after 30 (the list names at most 30 items). */
function categoriesText(rule: DispatchCircuitRule, more: (count: number) => string): string {
  const shown = rule.categoryLabels.join(', ');
  return rule.categoryCount > rule.categoryLabels.length ? `${shown} ${more(rule.categoryCount - rule.categoryLabels.length)}` : shown || '—';
}

/** The retailer's dispatch circuit rules: circuit, categories, status, its own instructions or the circuit's. */
export function RulesList({ params, setParams }: { params: RuleListParams; setParams(next: RuleListParams): void }) {
  const { t } = useTranslation('circuits');
  const list = useRules(params);
  const columns = useMemo<Array<ListColumn<DispatchCircuitRule, RuleSortField>>>(
    () => [
      { id: 'circuit', header: t('fields.circuit'), cell: (r) => <AppLink to={circuitPaths.editRule(r.id)}>{r.circuit_name}</AppLink> },
      { id: 'description', header: t('fields.description'), cell: (r) => <Text lineClamp={2}>{r.description ?? '—'}</Text> },
      { id: 'categories', header: t('fields.categories'), cell: (r) => <Text lineClamp={2}>{`${r.categoryCount} · ${categoriesText(r, (count) => t('rules.more', { count }))}`}</Text> },
      { id: 'instructions', header: t('fields.instructions'), cell: (r) => (r.ownInstructions ? t('rules.own', { count: r.instructions.length }) : t('rules.circuits')) },
      {
        id: 'status',
        header: t('fields.status'),
        sort: 'status',
        cell: (r) => (
          <Badge colorPalette={r.status === 'enabled' ? 'green' : 'gray'} data-testid="rule-row-status">
            {t(`statuses.${r.status}`)}
          </Badge>
        ),
      },
    ],
    [t],
  );
  return (
    <ListScreen
      ns="circuits"
      definition={ruleList}
      params={params}
      onParams={setParams}
      query={list}
      filters={<Filters value={params.filters} onApply={(filters) => setParams({ ...params, filters, page: 1 })} />}
      columns={columns}
      rowKey={(r) => r.id}
      rowTestId="rule-row"
      totalTestId="rules-total"
    />
  );
}

function Filters({ value, onApply }: { value: RuleFilters; onApply(filters: RuleFilters): void }) {
  const { t } = useTranslation('circuits');
  return (
    <FiltersBar
      ns="circuits"
      value={value}
      empty={EMPTY_RULE_FILTERS}
      onApply={onApply}
      fields={(draft, set) => (
        <SelectFilter
          label={t('filters.status')}
          value={draft.status}
          onChange={(status) => set('status')(status as RuleFilters['status'])}
          all={t('filters.all')}
          options={CIRCUIT_STATUS_FILTER.map((status) => ({ id: status, label: t(`statuses.${status}`) }))}
        />
      )}
    />
  );
}
