import { DomainError } from '@server/domain/shared/domain-error';
import { parseIdentificationNumber } from '@server/domain/values/identification-number';

/** Why a typed code cannot be looked up: the API's code (its text is `api:errors.<code>`) and its values. */
export interface CodeProblem {
  code: string;
  details: Record<string, unknown>;
}

/**
 * A code as typed, pasted or scanned, checked by the domain's own rule
 * (specification 000 §5: required, digits only, 13 digits; a wrong check
 * digit is "not recognised"). Spaces are dropped: the screens print codes in
 * groups (2 000000 000123) and a seller may copy them so.
 */
export function readCode(typed: string): { code: string } | { problem: CodeProblem } {
  try {
    return { code: parseIdentificationNumber(typed.replace(/\s+/g, '')) };
  } catch (error) {
    if (error instanceof DomainError) return { problem: { code: error.code, details: error.details } };
    throw error;
  }
}
