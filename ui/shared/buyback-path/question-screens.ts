// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import type { DiagnosticQuestionView } from '@server/application/catalog/catalog-views.js';

/** The index of the first question without an answer (questions.length when all are answered). */
function firstUnanswered(questions: readonly DiagnosticQuestionView[], answers: Record<string, string[]>): number {
  const index = questions.findIndex((question) => (answers[question.id] ?? []).length === 0);
  return index === -1 ? questions.length : index;
}

/**
 * The screen of the question path to show for the one `requested` ("1" to
 * "n", or `priceScreen`): a question can be reached only up to the first
 * unanswered one (an answer is needed to continue), and the price only once
 * every question is answered.
 */
export function reachableScreen(requested: string, questions: readonly DiagnosticQuestionView[], answers: Record<string, string[]>, priceScreen: string): string {
  const open = firstUnanswered(questions, answers);
  if (requested === priceScreen || questions.length === 0) return open < questions.length ? String(open + 1) : priceScreen;
  return String(Math.min(Math.max(1, Number(requested) || 1), open + 1, questions.length));
}
