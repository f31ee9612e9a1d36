// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import { DomainError } from '@server/domain/shared/domain-error.js';
import { parseItemCode } from '@server/domain/warehouse/item-code.js';

/** Why a code cannot be looked up: the API's code (its text is `api:errors.<code>`) and its values. */
export interface CodeProblem {
  code: string;
  details: Record<string, unknown>;
}

/**
 * A code as typed, pasted or scanned at the warehouse, checked by the
 * domain's own rule (specification 001 §5): a 13-digit buyback code, or an
 * 8- or 13-character item code; spaces dropped, a wrong check digit "not
 * recognised". The answer is the code as the API will read it.
 */
export function readItemCode(typed: string): { code: string } | { problem: CodeProblem } {
  try {
    return { code: parseItemCode(typed).value };
  } catch (error) {
    if (error instanceof DomainError) return { problem: { code: error.code, details: error.details } };
    throw error;
  }
}
