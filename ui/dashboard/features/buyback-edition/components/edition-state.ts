import type { EditionChanges, EditionPreview } from '../api/edition';

/** What the edit form hands to the confirmation (router state): the changes, the reason and the server's preview. */
export interface PendingEdition {
  changes: EditionChanges;
  reason: string;
  preview: EditionPreview;
}

export const REASON_MAX = 255;

/** The customer's fields the form corrects (the e-mail names the data subject: not corrected here). */
export const CUSTOMER_FIELDS = ['firstName', 'lastName', 'phone', 'street', 'streetComplement', 'city', 'zipCode', 'country'] as const;
export type CustomerField = (typeof CUSTOMER_FIELDS)[number];

export const editPath = (id: string) => `/buyback/${id}/edit`;
export const editionPath = (id: string) => `/buyback/${id}/edition`;

/** The answers as a comparable key: questions and answers in a stable order. */
export function answersKey(responses: ReadonlyArray<{ questionId: string; answerIds: readonly string[] }>): string {
  return JSON.stringify([...responses].map((r) => [r.questionId, [...r.answerIds].sort()]).sort((a, b) => String(a[0]).localeCompare(String(b[0]))));
}
