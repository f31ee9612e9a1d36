import { Alert, Badge, Box, Stack, Table, Text } from '@chakra-ui/react';
import type { DiagnosticQuestionView } from '@server/application/catalog/catalog-views';
import { useTranslation } from 'react-i18next';
import { useDiagnosticQuestions } from '../../../../shared/buyback-path/api/get-diagnostic-questions';
import { FactsSection } from '../../../components/facts';
import { LoadingStatus } from '../../../components/loading-status';
import { useBuyback } from '../../buybacks/api/get-buyback';
import type { Item } from '../types';
import { RefurbDiagnosisSection } from './refurb-diagnosis-section';

type Responses = ReadonlyArray<{ questionId: string; answerIds: readonly string[] }>;

/** The answers' titles, in the question's words (their ids when the catalogue no longer has them). */
function answered(responses: Responses | undefined, question: Pick<DiagnosticQuestionView, 'id' | 'answers'>): string[] | null {
  const response = responses?.find((r) => r.questionId === question.id);
  if (!response) return null;
  return response.answerIds.map((id) => question.answers.find((answer) => answer.id === id)?.title ?? id);
}

/**
 * The "diagnosis result" tab: each question of the product found at the
 * check, the answer found, and the customer's declared answer beside it
 * (the buyback's responses), a difference marked.
 */
export function DiagnosisTab({ item }: { item: Item }) {
  const { t } = useTranslation(['items-stock', 'common']);
  const questions = useDiagnosticQuestions(item.check?.foundProduct.productId ?? item.product.productId);
  // The declared product's own questions too, when the check found another product.
  const declaredQuestions = useDiagnosticQuestions(item.check?.declaredProduct.productId ?? item.product.productId);
  const buyback = useBuyback(item.buybackId);
  const declared = buyback.data?.buyback.responses;
  const found = item.check?.responses;

  if (questions.isPending) return <LoadingStatus />;
  const asked = [...(questions.data ?? [])];
  for (const question of declaredQuestions.data ?? []) if (!asked.some((q) => q.id === question.id)) asked.push(question);
  // Any question answered that the catalogue no longer has, by its id.
  const list: Array<Pick<DiagnosticQuestionView, 'id' | 'title' | 'answers'>> = [...asked];
  for (const response of [...(found ?? []), ...(declared ?? [])]) {
    if (!list.some((q) => q.id === response.questionId)) list.push({ id: response.questionId, title: response.questionId, answers: [] });
  }

  return (
    <Stack gap="5">
    <RefurbDiagnosisSection itemId={item.id} />
    <FactsSection id="section-diagnosis" title={t('items-stock:sections.diagnosis')}>
      <Stack gap="4">
        {!item.check && <Text data-testid="no-diagnosis">{t('items-stock:diagnosis.noCheck')}</Text>}
        {questions.isError && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('items-stock:diagnosis.questionsUnavailable')}</Alert.Title>
          </Alert.Root>
        )}
        {buyback.isError && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('items-stock:diagnosis.declarationUnavailable')}</Alert.Title>
          </Alert.Root>
        )}
        <Box overflowX="auto" position="relative">
          <Table.Root size="sm" data-testid="diagnosis-comparison">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('items-stock:diagnosis.question')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('items-stock:diagnosis.found')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('items-stock:diagnosis.declared')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {list.map((question) => {
                const foundAnswers = answered(found, question);
                const declaredAnswers = answered(declared, question);
                const differs = foundAnswers !== null && declaredAnswers !== null && foundAnswers.join('|') !== declaredAnswers.join('|');
                return (
                  <Table.Row key={question.id} data-differs={differs}>
                    <Table.Cell fontWeight="medium" verticalAlign="top">
                      {question.title}
                    </Table.Cell>
                    <Table.Cell verticalAlign="top">
                      {foundAnswers ? foundAnswers.join(', ') : '—'}
                      {differs && (
                        <Badge ms="2" colorPalette="orange" variant="subtle" size="sm">
                          {t('items-stock:diagnosis.differs')}
                        </Badge>
                      )}
                    </Table.Cell>
                    <Table.Cell verticalAlign="top" color="fg.muted">
                      {buyback.isPending ? t('common:states.loading') : declaredAnswers ? declaredAnswers.join(', ') : '—'}
                    </Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Box>
      </Stack>
    </FactsSection>
    </Stack>
  );
}
