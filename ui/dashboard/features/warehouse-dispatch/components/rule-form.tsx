import { Alert, Box, Button, Checkbox, Field, Fieldset, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CheckboxGroupFilter } from '../../../components/list';
import { choiceLabel, useValueChoices } from '../hooks/use-value-choices';
import { draftProblems, inputOf, NEW_CONDITION, type ProblemPlace, type RuleDraft } from '../rule-form-model';
import { DISPATCH_LIMITS, type DispatchRuleInput } from '../types';
import { ConditionEditor } from './condition-editor';

/** A problem to show, at its place. */
export interface PlacedProblem {
  place: ProblemPlace;
  text: string;
}

interface Props {
  initial: RuleDraft;
  /** Without dispatch_rule.manage: shown, not editable. */
  readOnly: boolean;
  /** The API's refusal of the last save, at the field it names. */
  refused: PlacedProblem | null;
  submitting: boolean;
  submitLabel: string;
  cancelTo: string;
  onSubmit(rule: DispatchRuleInput): void;
}

function samePlace(a: ProblemPlace, b: ProblemPlace): boolean {
  return a.field === b.field && (a.field !== 'condition' || (b.field === 'condition' && a.index === b.index));
}

/**
 * A dispatch rule: its title, its conditions (all must hold), its destination
 * warehouses in order and the nearest-warehouse criterion. What the form can
 * check it says at once, in the API's own words; the API's refusals show at
 * the field they name.
 */
export function RuleForm({ initial, readOnly, refused, submitting, submitLabel, cancelTo, onSubmit }: Props) {
  const { t } = useTranslation(['warehouse-dispatch', 'api', 'common']);
  const choices = useValueChoices();
  const [draft, setDraft] = useState<RuleDraft>(initial);
  const [found, setFound] = useState<PlacedProblem[]>([]);

  const problems = refused ? [...found, refused] : found;
  const problemAt = (place: ProblemPlace) => problems.find((p) => samePlace(p.place, place))?.text;
  const update = (change: Partial<RuleDraft>) => setDraft((current) => ({ ...current, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    const local = draftProblems(draft).map((p) => ({ place: p.place, text: t(`api:errors.${p.code}`) }));
    setFound(local);
    if (local.length > 0) return;
    onSubmit(inputOf(draft));
  }

  const titleProblem = problemAt({ field: 'title' });
  const conditionsProblem = problemAt({ field: 'conditions' });
  const warehousesProblem = problemAt({ field: 'warehouseIds' });
  const formProblem = problemAt({ field: 'form' });

  return (
    <Box asChild bg="bg" borderWidth="1px" borderRadius="md" p={{ base: 3, md: 6 }} maxW="4xl" minW="0">
      <form onSubmit={submit} noValidate>
        <Fieldset.Root disabled={readOnly} minW="0">
          <Stack gap="6">
            <Field.Root invalid={!!titleProblem} required>
              <Field.Label>
                {t('warehouse-dispatch:fields.title')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input value={draft.title} maxLength={DISPATCH_LIMITS.titleLength} autoComplete="off" onChange={(e) => update({ title: e.target.value })} />
              {titleProblem && <Field.ErrorText>{titleProblem}</Field.ErrorText>}
            </Field.Root>

            <Fieldset.Root invalid={!!conditionsProblem} minW="0">
              <Fieldset.Legend fontSize="md" fontWeight="semibold">
                {t('warehouse-dispatch:fields.conditions')}
              </Fieldset.Legend>
              <Fieldset.HelperText>{t('warehouse-dispatch:form.conditionsHelp')}</Fieldset.HelperText>
              <Fieldset.Content>
                <Stack gap="3">
                  {draft.conditions.map((condition, index) => (
                    <ConditionEditor
                      // Conditions have no id: their place is their identity while the form is open.
                      key={index}
                      number={index + 1}
                      condition={condition}
                      choices={choices.byAttribute}
                      problem={problemAt({ field: 'condition', index })}
                      onChange={(next) => update({ conditions: draft.conditions.map((c, i) => (i === index ? next : c)) })}
                      onRemove={readOnly ? undefined : () => update({ conditions: draft.conditions.filter((_, i) => i !== index) })}
                    />
                  ))}
                </Stack>
              </Fieldset.Content>
              {conditionsProblem && <Fieldset.ErrorText>{conditionsProblem}</Fieldset.ErrorText>}
              {!readOnly && draft.conditions.length < DISPATCH_LIMITS.conditions && (
                <Box>
                  <Button size="sm" variant="outline" onClick={() => update({ conditions: [...draft.conditions, { ...NEW_CONDITION, values: [] }] })}>
                    {t('warehouse-dispatch:form.addCondition')}
                  </Button>
                </Box>
              )}
            </Fieldset.Root>

            <Fieldset.Root invalid={!!warehousesProblem} minW="0">
              <CheckboxGroupFilter
                legend={t('warehouse-dispatch:fields.warehouses')}
                options={choices.warehouses.map((warehouse) => ({
                  id: warehouse.id,
                  label: warehouse.label,
                  checked: draft.warehouseIds.includes(warehouse.id),
                  onChange: (checked: boolean) =>
                    update({ warehouseIds: checked ? [...draft.warehouseIds, warehouse.id] : draft.warehouseIds.filter((id) => id !== warehouse.id) }),
                }))}
              />
              {draft.warehouseIds.length > 1 && !draft.nearest && (
                <Text fontSize="sm" color="fg.muted">
                  {t('warehouse-dispatch:form.warehouseOrder', { order: draft.warehouseIds.map((id) => choiceLabel(choices.warehouses, id)).join(' → ') })}
                </Text>
              )}
              {warehousesProblem && <Fieldset.ErrorText>{warehousesProblem}</Fieldset.ErrorText>}
            </Fieldset.Root>

            <Checkbox.Root checked={draft.nearest} onCheckedChange={(details) => update({ nearest: details.checked === true })} alignItems="flex-start">
              <Checkbox.HiddenInput />
              <Checkbox.Control mt="0.5" />
              <Checkbox.Label>
                {t('warehouse-dispatch:fields.nearest')}
                <Text as="span" display="block" fontSize="sm" color="fg.muted" fontWeight="normal">
                  {t('warehouse-dispatch:form.nearestHelp')}
                </Text>
              </Checkbox.Label>
            </Checkbox.Root>

            {formProblem && (
              <Alert.Root status="error" role="alert">
                <Alert.Indicator />
                <Alert.Title>{formProblem}</Alert.Title>
              </Alert.Root>
            )}
            {problems.length > 0 && !formProblem && (
              <Text role="alert" color="fg.error" fontSize="sm">
                {t('warehouse-dispatch:form.fixProblems')}
              </Text>
            )}
          </Stack>
        </Fieldset.Root>
        <HStack gap="3" justify="flex-end" wrap="wrap" mt="6">
          <Button asChild variant="outline">
            <RouterLink to={cancelTo}>{readOnly ? t('common:actions.back') : t('common:actions.cancel')}</RouterLink>
          </Button>
          {!readOnly && (
            <Button type="submit" colorPalette="brand" loading={submitting}>
              {submitLabel}
            </Button>
          )}
        </HStack>
      </form>
    </Box>
  );
}
