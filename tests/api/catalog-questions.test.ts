import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type ApiClient, type TestPlatform } from '../support/test-platform.js';
import { expectOk, ISO_UTC } from '../support/api-helpers.js';
import { DEMO_IDS } from '../../infrastructure/seed/demo-data.js';
import { DEMO_PASSWORD } from '../../infrastructure/seed/seed-streams.js';

/**
 * The diagnostic questions through the API (issue 21): a category's own and
 * inherited questions, a question created with its answers, changed with
 * If-Match and used by the very next estimate, reordered, its history,
 * deleted; an exclusive answer refused with another; another retailer's ids
 * not found.
 */

const { categories, questions, products } = DEMO_IDS;
const GALAXY = products.galaxyS23_128;

let t: TestPlatform;
/** retailer@demo.test in the root module: a root manager of Demo Retail. */
let retailer: ApiClient;
let seller: ApiClient;
/** Other Retail's administrator (a root manager), made as the provider would. */
let otherAdmin: ApiClient;

beforeAll(async () => {
  t = await startTestPlatform();
  const admin = await t.login('admin@demo.test');
  [retailer, seller] = await Promise.all([t.login('retailer@demo.test', 'root'), t.login('seller@demo.test')]);
  const email = 'admin.questions@other.test';
  const created = await admin.post('/users', {
    firstname: 'Odile',
    lastname: 'Autre',
    email,
    status: 'active',
    accountId: DEMO_IDS.accounts.other,
    modules: { root: { userType: 'root_management_unit_manager', organizationId: DEMO_IDS.organizations.otherRoot } },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  let link: string | undefined;
  for (let i = 0; i < 100 && !link; i++) {
    link = /https?:\/\/\S+/.exec(t.mailer.sent.find((mail) => mail.to === email)?.text ?? '')?.[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const token = new URL(link as string).searchParams.get('token') as string;
  await expectOk(t.api.post(`/password/new/${encodeURIComponent(token)}`, { password: DEMO_PASSWORD, repeat: DEMO_PASSWORD, acceptTerms: true }));
  otherAdmin = await t.login(email, 'root');
}, 90_000);
afterAll(async () => {
  await t?.close();
});

type Answer = { id: string; title: string; priceImpact: { type: string; value: number } | null; exclusive: boolean };
type Question = { id: string; title: string; answers: Answer[]; revision: number };

const newQuestion = (overrides: Record<string, unknown> = {}) => ({
  title: 'La coque arrière est-elle intacte ?',
  howToTest: 'Retournez l’appareil sous une lumière vive.',
  type: 'unique',
  answers: [
    { title: 'Intacte', priceImpact: { type: 'fixed', value: 1000 } },
    { title: 'Fêlée', gradeCap: 'grade_c', priceImpact: null },
  ],
  translations: { 'en-GB': { title: 'Is the back cover intact?' } },
  ...overrides,
});

/** The best answers of the product's questions, with these chosen for the named questions. */
async function responses(productId: string, chosen: Record<string, string[]> = {}) {
  const list = await expectOk(retailer.get(`/products/${productId}/diagnostic-questions`));
  return (list.items as Array<{ id: string; answers: Array<{ id: string }> }>).map((q) => ({ questionId: q.id, answerIds: chosen[q.id] ?? [q.answers[0]!.id] }));
}

describe('Given the demo catalogue’s questions', () => {
  it('When the Apple iPhone category is read, then it has none of its own and inherits Électronique’s then Smartphones’, each in order', async () => {
    const view = await expectOk(retailer.get(`/categories/${categories.appleIphone}/diagnostic-questions`));
    expect(view.category.id).toBe(categories.appleIphone);
    expect(view.ancestry.map((c: { id: string }) => c.id)).toEqual([categories.electronics, categories.smartphones, categories.appleIphone]);
    expect(view.own).toEqual([]);
    expect(view.inherited.map((g: { category: { id: string }; questions: Question[] }) => [g.category.id, g.questions.map((q) => q.id)])).toEqual([
      [categories.electronics, [questions.powerOn, questions.appearance, questions.accessories]],
      [categories.smartphones, [questions.smartphoneScreen, questions.smartphoneBattery, questions.smartphoneAccountLock]],
    ]);
    const accessories = view.inherited[0].questions[2] as Question;
    expect(accessories.answers.find((a) => a.title === 'Aucun accessoire')?.exclusive).toBe(true);
    expect(accessories.answers.find((a) => a.title === "Boîte d'origine")?.exclusive).toBe(false);
  });

  it('When a store seller asks, then it is refused (question.list is the catalogue managers’)', async () => {
    const refused = await seller.get(`/categories/${categories.smartphones}/diagnostic-questions`);
    expect(refused.status).toBe(403);
  });

  it('When "Aucun accessoire" is chosen with "Boîte d’origine", then the estimate refuses it, in the caller’s language', async () => {
    const question = await expectOk(retailer.get(`/diagnostic-questions/${questions.accessories}`));
    const ids = (title: string) => (question.answers as Answer[]).find((a) => a.title === title)!.id;
    const both = await responses(products.iphone15_128, { [questions.accessories]: [ids("Boîte d'origine"), ids('Aucun accessoire')] });
    const refused = await retailer.post('/estimates', { productId: products.iphone15_128, responses: both }, { 'Accept-Language': 'en-GB' });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ code: 'DIAGNOSTIC_ANSWERS_EXCLUSIVE', details: { questionId: questions.accessories, answerId: ids('Aucun accessoire') } });
    expect(refused.body.message).toMatch(/excludes the question's other answers/);
    const alone = await responses(products.iphone15_128, { [questions.accessories]: [ids('Aucun accessoire')] });
    await expectOk(retailer.post('/estimates', { productId: products.iphone15_128, responses: alone }));
  });
});

describe('Given a question written for the Samsung Galaxy category', () => {
  let created: Question;

  beforeAll(async () => {
    const answer = await retailer.post(`/categories/${categories.samsungGalaxy}/diagnostic-questions`, newQuestion(), { 'Idempotency-Key': 'question-galaxy-back-cover' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.headers.get('location')).toBe(`/api/diagnostic-questions/${answer.body.id}`);
    created = await expectOk(retailer.get(`/diagnostic-questions/${answer.body.id}`));
  });

  it('Then it is the category’s own, with its answers, their ids, its translation and its times, and a Galaxy is asked it last', async () => {
    expect(created).toMatchObject({ categoryId: categories.samsungGalaxy, position: 1, type: 'unique', translations: { 'en-GB': { title: 'Is the back cover intact?' } } });
    expect(created.answers.map((a) => [a.title, a.priceImpact, a.exclusive])).toEqual([
      ['Intacte', { type: 'fixed', value: 1000 }, false],
      ['Fêlée', null, false],
    ]);
    expect((created as unknown as { createdAt: string }).createdAt).toMatch(ISO_UTC);
    const asked = await expectOk(retailer.get(`/products/${GALAXY}/diagnostic-questions`));
    expect(asked.items.at(-1).id).toBe(created.id);
    const iphone = await expectOk(retailer.get(`/products/${products.iphone15_128}/diagnostic-questions`));
    expect(iphone.items.map((q: { id: string }) => q.id)).not.toContain(created.id);
  });

  it('When its impact changes (If-Match), then the very next estimate uses the new impact; a stale revision answers 412', async () => {
    const intact = created.answers[0]!.id;
    const before = await expectOk(retailer.post('/estimates', { productId: GALAXY, responses: await responses(GALAXY, { [created.id]: [intact] }) }));
    const current = await expectOk(retailer.get(`/diagnostic-questions/${created.id}`));
    const answers = current.answers.map((a: Answer) => (a.id === intact ? { ...a, priceImpact: { type: 'fixed', value: 2500 } } : a));
    const changed = await retailer.request('PATCH', `/diagnostic-questions/${created.id}`, { answers }, { 'If-Match': `W/"${current.revision}"`, 'Content-Type': 'application/merge-patch+json' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const after = await expectOk(retailer.post('/estimates', { productId: GALAXY, responses: await responses(GALAXY, { [created.id]: [intact] }) }));
    expect(after.price.amountInCents - before.price.amountInCents).toBe(1500);
    const stale = await retailer.patch(`/diagnostic-questions/${created.id}`, { title: 'Trop tard' }, { 'If-Match': `W/"${current.revision}"` });
    expect(stale.status).toBe(412);
  });

  it('When a change breaks the rules, then each field is named, in the caller’s language, and nothing changes', async () => {
    const refused = await retailer.patch(
      `/diagnostic-questions/${created.id}`,
      { title: 'A', answers: [{ title: 'Seule', exclusive: true }] },
      { 'Accept-Language': 'en-GB' },
    );
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('QUESTION_INVALID');
    expect(refused.body.details.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'title', code: 'TEXT_LENGTH' }),
        expect.objectContaining({ field: 'answers', code: 'QUESTION_ANSWERS_COUNT', min: 2, max: 30 }),
        expect.objectContaining({ field: 'answers.0.exclusive', code: 'QUESTION_EXCLUSIVE_NEEDS_MULTIPLE' }),
      ]),
    );
    expect(refused.body.message).toMatch(/not valid/);
    expect((await expectOk(retailer.get(`/diagnostic-questions/${created.id}`))).title).toBe(created.title);
  });

  it('When the Smartphones questions are reordered, then a Galaxy is asked them in the new order; an order missing one is refused', async () => {
    const order = [questions.smartphoneAccountLock, questions.smartphoneScreen, questions.smartphoneBattery];
    await expectOk(retailer.request('PUT', `/categories/${categories.smartphones}/diagnostic-questions/order`, { questionIds: order }));
    const view = await expectOk(retailer.get(`/categories/${categories.smartphones}/diagnostic-questions`));
    expect(view.own.map((q: Question) => q.id)).toEqual(order);
    const asked = await expectOk(retailer.get(`/products/${GALAXY}/diagnostic-questions`));
    expect(asked.items.map((q: { id: string }) => q.id).slice(3, 6)).toEqual(order);
    const refused = await retailer.request('PUT', `/categories/${categories.smartphones}/diagnostic-questions/order`, { questionIds: order.slice(1) });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('QUESTION_ORDER_INVALID');
  });

  it('Then its history says who changed what, from what to what', async () => {
    const history = await expectOk(retailer.get(`/diagnostic-questions/${created.id}/history`));
    expect(history.items.map((e: { type: string }) => e.type)).toEqual(['DiagnosticQuestionCreated', 'DiagnosticQuestionChanged']);
    const change = history.items[1];
    expect(change.user.name).toMatch(/\S/);
    expect(change.changes.answers.from[0].priceImpact).toEqual({ type: 'fixed', value: 1000 });
    expect(change.changes.answers.to[0].priceImpact).toEqual({ type: 'fixed', value: 2500 });
  });

  it('When another retailer’s administrator names it or its category, then it is not found, as an id that exists nowhere', async () => {
    const probes = [
      otherAdmin.get(`/diagnostic-questions/${created.id}`),
      otherAdmin.get(`/diagnostic-questions/${created.id}/history`),
      otherAdmin.patch(`/diagnostic-questions/${created.id}`, { title: 'Volé' }),
      otherAdmin.delete(`/diagnostic-questions/${created.id}`),
      otherAdmin.get(`/categories/${categories.samsungGalaxy}/diagnostic-questions`),
      otherAdmin.post(`/categories/${categories.samsungGalaxy}/diagnostic-questions`, newQuestion()),
      otherAdmin.request('PUT', `/categories/${categories.smartphones}/diagnostic-questions/order`, { questionIds: [] }),
    ];
    const answers = await Promise.all(probes);
    expect(answers.map((a) => [a.status, a.body.code])).toEqual([
      [404, 'QUESTION_NOT_FOUND'],
      [404, 'QUESTION_NOT_FOUND'],
      [404, 'QUESTION_NOT_FOUND'],
      [404, 'QUESTION_NOT_FOUND'],
      [404, 'CATEGORY_NOT_FOUND'],
      [404, 'CATEGORY_NOT_FOUND'],
      [404, 'CATEGORY_NOT_FOUND'],
    ]);
    expect((await expectOk(retailer.get(`/diagnostic-questions/${created.id}`))).title).toBe(created.title);
  });

  it('When it is deleted, then a Galaxy is no longer asked it and it is not found', async () => {
    await expectOk(retailer.delete(`/diagnostic-questions/${created.id}`));
    const asked = await expectOk(retailer.get(`/products/${GALAXY}/diagnostic-questions`));
    expect(asked.items.map((q: { id: string }) => q.id)).not.toContain(created.id);
    const gone = await retailer.get(`/diagnostic-questions/${created.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('QUESTION_NOT_FOUND');
  });
});
