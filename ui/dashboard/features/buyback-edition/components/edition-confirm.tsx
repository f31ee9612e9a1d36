import { Alert, Button, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../../shared/api/client';
import { formatMoney } from '../../../../shared/format/format';
import { useGradeLabel } from '../../../../shared/format/grade';
import { FactsSection, Facts } from '../../../components/facts';
import { Page } from '../../../components/page';
import { toaster } from '../../../components/toaster';
import { paths } from '../../../app/paths';
import { useEditBuyback } from '../api/edition';
import { editPath, type PendingEdition } from './edition-state';

/**
 * buyback/{id}/edition: the changes the form made, the estimate before and
 * after as the server computed it, and the reason; confirming writes them
 * (If-Match the revision the preview was computed on). Opened without a
 * pending edition, it sends back to the form.
 */
export function EditionConfirm({ id }: { id: string }) {
  const { t, i18n } = useTranslation(['buyback-edition', 'buybacks', 'api']);
  const navigate = useNavigate();
  const gradeLabel = useGradeLabel();
  const pending = useLocation().state as PendingEdition | null;
  const save = useEditBuyback();
  const [problem, setProblem] = useState<string | null>(null);
  if (!pending?.preview) return <Navigate to={editPath(id)} replace />;
  const { preview, changes, reason } = pending;
  const money = (value: Parameters<typeof formatMoney>[0]) => formatMoney(value, i18n.language);

  function confirm() {
    setProblem(null);
    save.mutate(
      { id, changes, reason, revision: preview.revision },
      {
        onSuccess: () => {
          toaster.create({ type: 'success', title: t('buyback-edition:confirm.saved') });
          navigate(paths.buyback(id));
        },
        onError: (error) =>
          setProblem(
            error instanceof ApiError
              ? error.status === 412
                ? t('buyback-edition:confirm.stale')
                : t(`api:errors.${error.code}`, { defaultValue: error.message, ...(error.details ?? {}) })
              : String(error),
          ),
      },
    );
  }

  return (
    <Page
      title={t('buyback-edition:confirm.title')}
      breadcrumbs={[{ label: t('buybacks:list.title'), to: paths.buybacks }, { label: t('buyback-edition:edit.crumb'), to: editPath(id) }, { label: t('buyback-edition:confirm.crumb') }]}
    >
      <Stack gap="6" maxW="3xl">
        {problem && (
          <Alert.Root status="error" data-testid="edition-problem">
            <Alert.Indicator />
            <Alert.Title>{problem}</Alert.Title>
          </Alert.Root>
        )}
        <FactsSection id="edition-changes" title={t('buyback-edition:confirm.changes')}>
          <Facts
            items={[
              [t('buyback-edition:confirm.customerFields'), preview.customerFields.length > 0 ? preview.customerFields.map((f) => t(`api:fields.customer.${f}`)).join(', ') : '—'],
              [t('buyback-edition:confirm.answers'), preview.answersChanged ? t('buyback-edition:confirm.answersChanged') : '—'],
              [t('buyback-edition:edit.reason'), reason],
            ]}
          />
        </FactsSection>
        <FactsSection id="edition-estimate" title={t('buyback-edition:confirm.estimate')}>
          <Table.Root size="sm" data-testid="edition-estimate">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader />
                <Table.ColumnHeader>{t('buyback-edition:confirm.before')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('buyback-edition:confirm.after')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              <Table.Row>
                <Table.Cell>{t('buybacks:fields.grade')}</Table.Cell>
                <Table.Cell>{gradeLabel(preview.before.grade)}</Table.Cell>
                <Table.Cell>{gradeLabel(preview.after.grade)}</Table.Cell>
              </Table.Row>
              <Table.Row>
                <Table.Cell>{t('buyback-edition:confirm.devicePrice')}</Table.Cell>
                <Table.Cell>{money(preview.before.declaredPrice)}</Table.Cell>
                <Table.Cell>{money(preview.after.declaredPrice)}</Table.Cell>
              </Table.Row>
              <Table.Row fontWeight="semibold">
                <Table.Cell>{t('buyback-edition:confirm.paid')}</Table.Cell>
                <Table.Cell>{money(preview.before.price)}</Table.Cell>
                <Table.Cell>{money(preview.after.price)}</Table.Cell>
              </Table.Row>
            </Table.Body>
          </Table.Root>
          <Text mt="3" color="fg.muted">
            {t('buyback-edition:confirm.paymentFollows')}
          </Text>
        </FactsSection>
        <HStack gap="3">
          <Button colorPalette="brand" onClick={confirm} loading={save.isPending}>
            {t('buyback-edition:confirm.submit')}
          </Button>
          <Button variant="outline" onClick={() => navigate(editPath(id), { state: pending })}>
            {t('buyback-edition:confirm.back')}
          </Button>
        </HStack>
      </Stack>
    </Page>
  );
}
