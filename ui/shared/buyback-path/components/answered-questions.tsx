import { List, Text } from '@chakra-ui/react';
import type { DiagnosticQuestionView } from '@server/application/catalog/catalog-views';

export interface AnsweredQuestion {
  questionId: string;
  answerIds: readonly string[];
}

/**
 * The customer's answers, question by question, in their order: titles from
 * the product's questions as they are now, the ids themselves for a question
 * or answer that has left the catalogue since.
 */
export function AnsweredQuestions({ responses, questions, testId }: { responses: readonly AnsweredQuestion[]; questions: readonly DiagnosticQuestionView[]; testId?: string }) {
  const byId = new Map(questions.map((question) => [question.id, question]));
  return (
    <List.Root as="ol" gap={3} ps={5} data-testid={testId}>
      {responses.map((response) => {
        const question = byId.get(response.questionId);
        const answers = response.answerIds.map((id) => question?.answers.find((answer) => answer.id === id)?.title ?? id);
        return (
          <List.Item key={response.questionId}>
            <Text fontWeight="medium">{question?.title ?? response.questionId}</Text>
            <Text color="fg.muted">{answers.join(', ')}</Text>
          </List.Item>
        );
      })}
    </List.Root>
  );
}
