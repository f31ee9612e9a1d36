import type { QuestionDetailView } from '@server/application/catalog/questions/question-views';
import { Badge, Box, Button, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { diagnosticPaths } from '../paths';

interface Props {
  categoryId: string;
  questions: readonly QuestionDetailView[];
  canManage: boolean;
  saving: boolean;
  /** Saves a new order of every own question. */
  onReorder(questionIds: string[]): void;
}

/**
 * A category's own questions in the order they are asked. A manager moves
 * one by dragging it onto another, or with its "move up" and "move down"
 * buttons (the keyboard's way); each move is saved at once and announced.
 */
export function OwnQuestions({ categoryId, questions, canManage, saving, onReorder }: Props) {
  const { t } = useTranslation('diagnostic');
  const [order, setOrder] = useState(() => questions.map((q) => q.id));
  const [dragged, setDragged] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  useEffect(() => setOrder(questions.map((q) => q.id)), [questions]);
  const byId = new Map(questions.map((q) => [q.id, q]));

  const move = (from: number, to: number, focus: boolean) => {
    if (to < 0 || to >= order.length || from === to) return;
    const next = [...order];
    const [id] = next.splice(from, 1);
    next.splice(to, 0, id as string);
    setOrder(next);
    onReorder(next);
    setAnnouncement(t('order.moved', { title: byId.get(id as string)?.title, position: to + 1, total: next.length }));
    if (focus) requestAnimationFrame(() => document.getElementById(`move-${to < from ? 'up' : 'down'}-${id}`)?.focus());
  };

  const drop = (event: DragEvent, target: number) => {
    event.preventDefault();
    if (dragged) move(order.indexOf(dragged), target, false);
    setDragged(null);
  };

  if (order.length === 0) return <Text color="fg.muted">{t('category.noOwn')}</Text>;

  return (
    <Stack gap="2">
      <Box aria-live="polite" srOnly>
        {announcement}
      </Box>
      {canManage && order.length > 1 && (
        <Text fontSize="sm" color="fg.muted">
          {t('order.help')}
        </Text>
      )}
      <Stack as="ol" gap="2" listStyleType="none" aria-label={t('category.ownList')} data-testid="own-questions">
        {order.map((id, index) => {
          const question = byId.get(id);
          if (!question) return null;
          return (
            <Box
              as="li"
              key={id}
              borderWidth="1px"
              borderRadius="md"
              p="3"
              bg={dragged === id ? 'bg.muted' : 'bg'}
              draggable={canManage}
              onDragStart={(e: DragEvent) => {
                setDragged(id);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e: DragEvent) => canManage && e.preventDefault()}
              onDrop={(e: DragEvent) => drop(e, index)}
              onDragEnd={() => setDragged(null)}
              cursor={canManage ? 'grab' : undefined}
            >
              <HStack justify="space-between" gap="3" wrap="wrap">
                <HStack gap="3">
                  <Text fontWeight="semibold" minW="6">
                    {index + 1}.
                  </Text>
                  <Link asChild colorPalette="brand">
                    <RouterLink to={diagnosticPaths.edit(categoryId, id)}>{question.title}</RouterLink>
                  </Link>
                  <Badge>{t(`types.${question.type}`)}</Badge>
                  <Text fontSize="sm" color="fg.muted">
                    {t('category.answers', { count: question.answers.length })}
                  </Text>
                </HStack>
                {canManage && (
                  <HStack gap="2">
                    <Button id={`move-up-${id}`} size="xs" variant="outline" disabled={index === 0 || saving} onClick={() => move(index, index - 1, true)} aria-label={t('order.up', { title: question.title })}>
                      ↑
                    </Button>
                    <Button
                      id={`move-down-${id}`}
                      size="xs"
                      variant="outline"
                      disabled={index === order.length - 1 || saving}
                      onClick={() => move(index, index + 1, true)}
                      aria-label={t('order.down', { title: question.title })}
                    >
                      ↓
                    </Button>
                  </HStack>
                )}
              </HStack>
            </Box>
          );
        })}
      </Stack>
    </Stack>
  );
}
