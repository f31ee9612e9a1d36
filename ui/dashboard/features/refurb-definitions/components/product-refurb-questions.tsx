import { Badge, Checkbox, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../shared/api/client';
import { PremiumBadge } from '../../../../shared/components/premium-badge';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink } from '../../../components/page';
import { useAllRefurbQuestions, useChangeDefinition, useProductRefurbQuestions } from '../api';
import { refurbPaths } from '../paths';
import type { RefurbQuestion } from '../types';

/**
 * The product form's "advanced diagnostic" tab (issue 21): the refurbishment
 * diagnosis questions a diagnosis of this product asks, in their order, each
 * linked to its form; and for each question of the retailer, whether it
 * names this product (a check box adds or removes it from the question's
 * products; a question for every product asks it anyway).
 */
export function ProductRefurbQuestions({ productId }: { productId: string }) {
  const { t } = useTranslation('refurb-definitions');
  const applying = useProductRefurbQuestions(productId);
  const all = useAllRefurbQuestions();
  const change = useChangeDefinition('refurb-diagnosis-questions');
  if (applying.isPending || all.isPending) return <LoadingStatus py="8" />;
  const premium = [applying.error, all.error].some((e) => e instanceof ApiError && e.code === 'PREMIUM_FEATURE_NOT_ENABLED');
  if (premium) {
    return (
      <HStack data-testid="product-refurb-premium">
        <Text>{t('productTab.premium')}</Text>
        <PremiumBadge feature="refurb_diagnosis" />
      </HStack>
    );
  }
  if (applying.isError || all.isError) return <Text role="alert">{t('questions.loadFailed')}</Text>;
  const asked = new Set(applying.data.map((q) => q.id));
  const toggle = (q: RefurbQuestion, on: boolean) =>
    change.mutate({ id: q.id, revision: q.revision, body: { productIds: on ? [...q.productIds, productId] : q.productIds.filter((id) => id !== productId) } });
  return (
    <Stack gap="4" data-testid="product-refurb-questions">
      <Text color="fg.muted">{applying.data.length === 0 ? t('productTab.none') : t('productTab.intro', { count: applying.data.length })}</Text>
      <Table.Root size="sm">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('fields.label')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('productTab.asked')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('productTab.namesProduct')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {all.data.items.map((q) => (
            <Table.Row key={q.id} data-testid="product-refurb-question">
              <Table.Cell>
                <AppLink to={refurbPaths.editQuestion(q.id)}>{q.label}</AppLink>
              </Table.Cell>
              <Table.Cell>{asked.has(q.id) ? <Badge colorPalette="green">{t('productTab.yes')}</Badge> : <Badge>{t('productTab.no')}</Badge>}</Table.Cell>
              <Table.Cell>
                {q.everyProduct ? (
                  <Text fontSize="sm">{t('questions.everyProduct')}</Text>
                ) : (
                  <Checkbox.Root size="sm" disabled={change.isPending} checked={q.productIds.includes(productId)} onCheckedChange={(e) => toggle(q, e.checked === true)}>
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('productTab.thisProduct')}</Checkbox.Label>
                  </Checkbox.Root>
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Stack>
  );
}
