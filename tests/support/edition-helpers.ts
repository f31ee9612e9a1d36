import type { ApiClient } from './test-platform.js';
import { expectOk } from './api-helpers.js';
import { bestResponses } from './buyback-fixtures.js';

/**
 * Answers that lower a buyback's estimate: the first question where another
 * answer still gives a price, but a lower one (asked of the edition's
 * preview, which writes nothing).
 */
export async function lowerAnswers(client: ApiClient, buybackId: string, productId: string) {
  const questions = (await expectOk(client.get(`/products/${productId}/diagnostic-questions`))).items as Array<{ id: string; answers: Array<{ id: string }> }>;
  const best = await bestResponses(client, productId);
  for (const question of questions) {
    for (const answer of question.answers.slice(1)) {
      const responses = best.map((r) => (r.questionId === question.id ? { questionId: r.questionId, answerIds: [answer.id] } : r));
      const preview = await client.post(`/buybacks/${buybackId}/edition-preview`, { responses });
      if (preview.status === 200 && preview.body.after.declaredPrice.amountInCents < preview.body.before.declaredPrice.amountInCents) return responses;
    }
  }
  throw new Error('no answer lowers the estimate');
}

/** A buyback corrected before it leaves: its customer's name and an answer that lowers its price (its item follows). */
export async function editionJourney(client: ApiClient, buybackId: string): Promise<void> {
  const detail = await expectOk(client.get(`/buybacks/${buybackId}`));
  const responses = await lowerAnswers(client, buybackId, detail.product.productId as string);
  await expectOk(client.request('PATCH', `/buybacks/${buybackId}`, { reason: 'Nom mal orthographié, écran rayé', customer: { lastName: 'Martin' }, responses }));
}
