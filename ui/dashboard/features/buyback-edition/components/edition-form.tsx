import { Alert, Button, Checkbox, Field, HStack, Input, NativeSelect, SimpleGrid, Stack, Textarea } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { formatIdentificationNumber } from '../../../../shared/format/format';
import { DetailLoadFailed } from '../../../components/detail-load-failed';
import { FactsSection } from '../../../components/facts';
import { LoadingStatus } from '../../../components/loading-status';
import { Page } from '../../../components/page';
import { paths } from '../../../app/paths';
import { useBuyback } from '../../buybacks/api/get-buyback';
import { isCustomerData } from '../../buybacks/types';
import { usePreviewEdition, type CustomerPatch, type EditionChanges } from '../api/edition';
import { answersKey, CUSTOMER_FIELDS, editionPath, REASON_MAX, type CustomerField, type PendingEdition } from './edition-state';

type Values = Record<CustomerField, string>;

/**
 * buyback/{id}/edit: the customer's details and the declared answers, with
 * the reason, as the buyback has them. "Review the changes" asks the server
 * for the new estimate and goes on to buyback/{id}/edition to confirm.
 */
export function EditionForm({ id }: { id: string }) {
  const { t } = useTranslation(['buyback-edition', 'buybacks', 'api', 'common']);
  const detail = useBuyback(id);
  const back = (useLocation().state as PendingEdition | null) ?? null;
  if (detail.isPending) return <LoadingStatus size="lg" py="16" />;
  const listCrumb = { label: t('buybacks:list.title'), to: paths.buybacks };
  if (detail.isError) return <DetailLoadFailed error={detail.error} listCrumb={listCrumb} ns="buybacks" />;
  const { buyback } = detail.data;
  const code = formatIdentificationNumber(buyback.identificationNumber);
  const crumbs = [listCrumb, { label: code, to: paths.buyback(id) }, { label: t('buyback-edition:edit.crumb') }];
  const editable = buyback.allowedCommands.includes('EditBuyback');
  return (
    <Page title={t('buyback-edition:edit.title', { code })} breadcrumbs={crumbs}>
      {!editable ? (
        <Alert.Root status="warning" data-testid="edition-not-editable">
          <Alert.Indicator />
          <Alert.Title>{t('api:errors.BUYBACK_NOT_EDITABLE')}</Alert.Title>
        </Alert.Root>
      ) : (
        <Form
          id={id}
          productId={buyback.product.productId}
          customer={isCustomerData(buyback.customer) ? buyback.customer : null}
          responses={buyback.responses}
          initial={back}
        />
      )}
    </Page>
  );
}

interface FormProps {
  id: string;
  productId: string;
  customer: Record<CustomerField, string | null> | null;
  responses: Array<{ questionId: string; answerIds: string[] }>;
  initial: PendingEdition | null;
}

function Form({ id, productId, customer, responses, initial }: FormProps) {
  const { t } = useTranslation(['buyback-edition', 'api', 'common']);
  const navigate = useNavigate();
  const questions = useDiagnosticQuestions(productId);
  const preview = usePreviewEdition();
  const stored = Object.fromEntries(CUSTOMER_FIELDS.map((field) => [field, customer?.[field] ?? ''])) as Values;
  const [values, setValues] = useState<Values>({ ...stored, ...(initial?.changes.customer as Partial<Values> | undefined) });
  const [answers, setAnswers] = useState<Record<string, string[]>>(
    Object.fromEntries((initial?.changes.responses ?? responses).map((r) => [r.questionId, r.answerIds])),
  );
  const [reason, setReason] = useState(initial?.reason ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  function changes(): EditionChanges {
    const patch: CustomerPatch = {};
    for (const field of CUSTOMER_FIELDS) {
      const value = values[field].trim();
      if (value !== (stored[field] ?? '').trim()) Object.assign(patch, { [field]: field === 'streetComplement' && value === '' ? null : value });
    }
    const newAnswers = Object.entries(answers).map(([questionId, answerIds]) => ({ questionId, answerIds }));
    return {
      ...(Object.keys(patch).length > 0 ? { customer: patch } : {}),
      ...(answersKey(newAnswers) !== answersKey(responses) ? { responses: newAnswers } : {}),
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const wanted = changes();
    if (!wanted.customer && !wanted.responses) return setProblem(t('buyback-edition:edit.nothingChanged'));
    if (reason.trim() === '') return setProblem(t('buyback-edition:edit.reasonRequired'));
    setProblem(null);
    preview.mutate(
      { id, changes: wanted },
      {
        onSuccess: (answer) => navigate(editionPath(id), { state: { changes: wanted, reason: reason.trim(), preview: answer } satisfies PendingEdition }),
        onError: (error) => setProblem(error instanceof ApiError ? t(`api:errors.${error.code}`, { defaultValue: error.message, ...(error.details ?? {}) }) : String(error)),
      },
    );
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="6" maxW="3xl">
        {problem && (
          <Alert.Root status="error" data-testid="edition-problem">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        )}
        {customer && (
          <FactsSection id="edition-customer" title={t('buyback-edition:edit.customer')}>
            <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
              {CUSTOMER_FIELDS.map((field) => (
                <Field.Root key={field} required={field !== 'streetComplement'}>
                  <Field.Label>
                    {t(`api:fields.customer.${field}`)}
                    <Field.RequiredIndicator />
                  </Field.Label>
                  <Input name={field} value={values[field]} maxLength={255} onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))} />
                </Field.Root>
              ))}
            </SimpleGrid>
          </FactsSection>
        )}
        <FactsSection id="edition-answers" title={t('buyback-edition:edit.answers')}>
          <Stack gap="4">
            {(questions.data ?? []).map((question) =>
              question.type === 'unique' ? (
                <Field.Root key={question.id}>
                  <Field.Label>{question.title}</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      value={answers[question.id]?.[0] ?? ''}
                      onChange={(e) => setAnswers((a) => ({ ...a, [question.id]: [e.target.value] }))}
                    >
                      {question.answers.map((answer) => (
                        <option key={answer.id} value={answer.id}>
                          {answer.title}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
              ) : (
                <Stack key={question.id} gap="2" role="group" aria-label={question.title}>
                  <Field.Root>
                    <Field.Label>{question.title}</Field.Label>
                  </Field.Root>
                  {question.answers.map((answer) => (
                    <Checkbox.Root
                      key={answer.id}
                      checked={(answers[question.id] ?? []).includes(answer.id)}
                      onCheckedChange={({ checked }) =>
                        setAnswers((a) => {
                          const current = a[question.id] ?? [];
                          return { ...a, [question.id]: checked === true ? [...current, answer.id] : current.filter((x) => x !== answer.id) };
                        })
                      }
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{answer.title}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Stack>
              ),
            )}
          </Stack>
        </FactsSection>
        <Field.Root required>
          <Field.Label>
            {t('buyback-edition:edit.reason')}
            <Field.RequiredIndicator />
          </Field.Label>
          <Textarea name="reason" value={reason} maxLength={REASON_MAX} onChange={(e) => setReason(e.target.value)} />
          <Field.HelperText>{t('buyback-edition:edit.reasonHelp', { max: REASON_MAX })}</Field.HelperText>
        </Field.Root>
        <HStack gap="3">
          <Button type="submit" colorPalette="brand" loading={preview.isPending}>
            {t('buyback-edition:edit.review')}
          </Button>
          <Button asChild variant="outline">
            <RouterLink to={paths.buyback(id)}>{t('buyback-edition:edit.cancel')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
