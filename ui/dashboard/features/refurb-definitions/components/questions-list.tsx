import { Badge, HStack, IconButton, Table, Text, VisuallyHidden } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { LoadingStatus } from '../../../components/loading-status';
import { AppLink } from '../../../components/page';
import { useCan } from '../../../lib/auth';
import { useAllRefurbQuestions, useReorderQuestions } from '../api';
import { refurbPaths } from '../paths';
import type { RefurbQuestion } from '../types';

/**
 * The diagnosis questions in the order a diagnosis asks them, each with its
 * answers and the steps they plan; its manager moves a question up or down
 * (buttons, so the keyboard does it as well as the mouse), or drags a row
 * onto another.
 */
export function QuestionsList() {
  const { t } = useTranslation('refurb-definitions');
  const can = useCan();
  const list = useAllRefurbQuestions();
  const reorder = useReorderQuestions();
  if (list.isPending) return <LoadingStatus py="8" />;
  if (list.isError) return <Text role="alert">{t('questions.loadFailed')}</Text>;
  const items = list.data.items;
  const editable = can('refurb_diagnostic.manage');
  const move = (from: number, to: number) => {
    if (to < 0 || to >= items.length || from === to) return;
    const ids = items.map((q) => q.id);
    const [moved] = ids.splice(from, 1);
    ids.splice(to, 0, moved as string);
    reorder.mutate(ids);
  };
  if (items.length === 0) return <Text>{t('questions.empty')}</Text>;
  return (
    <Table.Root size="sm" data-testid="refurb-questions">
      <Table.Caption>
        <VisuallyHidden>{t('questions.caption')}</VisuallyHidden>
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>{t('fields.position')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('fields.label')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('fields.questionType')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('fields.answers')}</Table.ColumnHeader>
          <Table.ColumnHeader>{t('fields.scope')}</Table.ColumnHeader>
          {editable && <Table.ColumnHeader>{t('questions.order')}</Table.ColumnHeader>}
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {items.map((q, index) => (
          <Table.Row
            key={q.id}
            data-testid="refurb-question-row"
            draggable={editable}
            onDragStart={(e) => e.dataTransfer.setData('text/plain', String(index))}
            onDragOver={(e) => editable && e.preventDefault()}
            onDrop={(e) => {
              e.preventDefault();
              move(Number(e.dataTransfer.getData('text/plain')), index);
            }}
          >
            <Table.Cell>{index + 1}</Table.Cell>
            <Table.Cell>
              <AppLink to={refurbPaths.editQuestion(q.id)}>{q.label}</AppLink>
            </Table.Cell>
            <Table.Cell>{t(`types.${q.questionType}`)}</Table.Cell>
            <Table.Cell>
              <Answers question={q} />
            </Table.Cell>
            <Table.Cell>{q.everyProduct ? <Badge>{t('questions.everyProduct')}</Badge> : t('questions.scoped', { categories: q.categoryIds.length, products: q.productIds.length })}</Table.Cell>
            {editable && (
              <Table.Cell>
                <HStack gap="1">
                  <IconButton size="xs" variant="outline" aria-label={t('questions.moveUp', { label: q.label })} disabled={index === 0 || reorder.isPending} onClick={() => move(index, index - 1)}>
                    ↑
                  </IconButton>
                  <IconButton size="xs" variant="outline" aria-label={t('questions.moveDown', { label: q.label })} disabled={index === items.length - 1 || reorder.isPending} onClick={() => move(index, index + 1)}>
                    ↓
                  </IconButton>
                </HStack>
              </Table.Cell>
            )}
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}

function Answers({ question }: { question: RefurbQuestion }) {
  return (
    <>
      {question.answers.map((a) => (
        <Text key={a.answerId} fontSize="sm">
          {a.label}
          {a.steps.length > 0 && ` → ${a.steps.map((s) => s.name).join(', ')}`}
        </Text>
      ))}
    </>
  );
}

