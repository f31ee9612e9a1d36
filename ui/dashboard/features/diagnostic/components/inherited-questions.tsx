import type { CategoryQuestionsView } from '@server/application/catalog/questions/question-views';
import { Badge, Box, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { diagnosticPaths } from '../paths';

/** The questions a category inherits, per ancestor (root first), read-only: each is changed on its own category. */
export function InheritedQuestions({ groups }: { groups: CategoryQuestionsView['inherited'] }) {
  const { t } = useTranslation('diagnostic');
  if (groups.length === 0) return <Text color="fg.muted">{t('category.noInherited')}</Text>;
  return (
    <Stack gap="4" data-testid="inherited-questions">
      {groups.map((group) => (
        <Box key={group.category.id}>
          <Heading as="h3" size="sm" mb="2">
            {t('category.from')}{' '}
            <Link asChild colorPalette="brand">
              <RouterLink to={diagnosticPaths.category(group.category.id)}>{group.category.label}</RouterLink>
            </Link>
          </Heading>
          <Stack as="ol" gap="1" ps="5">
            {group.questions.map((question) => (
              <HStack as="li" key={question.id} gap="3">
                <Text>{question.title}</Text>
                <Badge variant="subtle">{t(`types.${question.type}`)}</Badge>
                <Text fontSize="sm" color="fg.muted">
                  {t('category.answers', { count: question.answers.length })}
                </Text>
              </HStack>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}
