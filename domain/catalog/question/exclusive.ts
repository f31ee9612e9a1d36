/**
 * An exclusive answer excludes the other answers of its question: "Aucun
 * accessoire" cannot be chosen with "Boîte d'origine". The estimate refuses
 * such a choice (`refuseExclusiveConflict`); the buyback path's screens
 * choose with `toggleAnswer`, which never builds one. Pure.
 */
import { DomainError } from '../../shared/domain-error.js';

export interface ExclusiveAware {
  id: string;
  exclusive?: boolean;
}

/** DIAGNOSTIC_ANSWERS_EXCLUSIVE when the chosen answers hold an exclusive one and any other. */
export function refuseExclusiveConflict(questionId: string, answers: readonly ExclusiveAware[], chosenIds: readonly string[]): void {
  const chosen = [...new Set(chosenIds)];
  if (chosen.length < 2) return;
  const exclusive = answers.find((answer) => answer.exclusive === true && chosen.includes(answer.id));
  if (exclusive) throw new DomainError('DIAGNOSTIC_ANSWERS_EXCLUSIVE', { questionId, answerId: exclusive.id });
}

/**
 * The answers chosen after ticking (or unticking) one of a multiple-choice
 * question: ticking an exclusive answer keeps it alone; ticking another drops
 * the exclusive ones.
 */
export function toggleAnswer(answers: readonly ExclusiveAware[], chosenIds: readonly string[], answerId: string, checked: boolean): string[] {
  if (!checked) return chosenIds.filter((id) => id !== answerId);
  const isExclusive = (id: string) => answers.some((answer) => answer.id === id && answer.exclusive === true);
  if (isExclusive(answerId)) return [answerId];
  return [...chosenIds.filter((id) => id !== answerId && !isExclusive(id)), answerId];
}
