// Imports end in .js: the Node unit tests (tests/ui) type-check this file too, with NodeNext resolution.
import type { ItemLookupView } from '@server/application/warehouse/warehouse-views.js';

/** What the operator found, as the steps fill it in. */
export interface Findings {
  /** The product in the parcel: the declared one, or another model picked from the catalogue. */
  productId: string;
  /** As typed; empty when not read. */
  imei: string;
  /** The operator chose to go on with an IMEI the product's TAC codes do not know. */
  acceptUnknownImei: boolean;
  serialNumber: string;
  /** The product's questions answered as found, by question id. */
  answers: Record<string, string[]>;
}

/** What the preview and the command take of the findings (the comment and the decision come with the command). */
export interface FindingsBody {
  productId: string;
  imei: string | null;
  acceptUnknownImei?: boolean;
  serialNumber: string | null;
  responses: Array<{ questionId: string; answerIds: string[] }>;
}

/** The findings as the check starts: the declared product, its IMEI unread, the customer's answers as the diagnosis's starting point. */
export function initialFindings(lookup: Pick<ItemLookupView, 'item' | 'declaration'>): Findings {
  return { productId: lookup.item.product.productId, imei: '', acceptUnknownImei: false, serialNumber: '', answers: declaredAnswers(lookup) };
}

/** The customer's answers by question id. */
export function declaredAnswers(lookup: Pick<ItemLookupView, 'declaration'>): Record<string, string[]> {
  return Object.fromEntries(lookup.declaration.responses.map((response) => [response.questionId, [...response.answerIds]]));
}

/** Another model found: its questions start unanswered, unless it is the declared product again. */
export function withProduct(findings: Findings, productId: string, lookup: Pick<ItemLookupView, 'item' | 'declaration'>): Findings {
  if (productId === findings.productId) return findings;
  const declared = productId === lookup.item.product.productId;
  return { ...findings, productId, acceptUnknownImei: false, answers: declared ? declaredAnswers(lookup) : {} };
}

/** The body the API reads, the questions in the product's order (answers to questions it does not ask are left out). */
export function findingsBody(findings: Findings, questionIds: readonly string[]): FindingsBody {
  const imei = findings.imei.trim();
  return {
    productId: findings.productId,
    imei: imei === '' ? null : imei,
    ...(imei !== '' && findings.acceptUnknownImei ? { acceptUnknownImei: true } : {}),
    serialNumber: findings.serialNumber.trim() === '' ? null : findings.serialNumber.trim(),
    responses: questionIds.map((questionId) => ({ questionId, answerIds: findings.answers[questionId] ?? [] })),
  };
}

/** The first question without an answer, or null when all are answered. */
export function firstUnanswered(findings: Findings, questionIds: readonly string[]): string | null {
  return questionIds.find((id) => (findings.answers[id] ?? []).length === 0) ?? null;
}
