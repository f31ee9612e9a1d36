import { expect, test, type Page } from '@playwright/test';
import { luhnCheckDigit } from '../../domain/values/imei.js';
import { scanWithWedge } from './support/barcode-scanner.js';
import { apiMessage, apiText, checkInCode, dashboardText, expectAccessible, shownCode, signInWith, StaffApi, uniqueName } from './support/dashboard.js';
import { euros } from './support/storefront.js';
import {
  checkedInBuyback,
  inEnglish,
  itemOf,
  otherRetailersShippedBuyback,
  otherWarehouseOperator,
  priceOfferLinkMailedTo,
  shippedBuyback,
  warehouseOperator,
  warehouseText,
} from './support/warehouse-parcels.js';

/**
 * The compliance check (specification 001 §2, §5, §8, §9), as the demo
 * warehouse's operator runs it: the device's code, its specifications
 * against the declaration, its diagnosis (the customer's answers beside each
 * question), the summary (prices, absorption, outcome) and the decision,
 * recorded with the item's revision; then the confirmation, with the field
 * for the next device. The demo retailer's warehouse comment is optional and
 * shared with the customer.
 */

const SEARCH = '/dashboard/warehouse/check';
const text = (key: string, values: Record<string, string | number> = {}, language = 'fr-FR') => warehouseText('warehouse-check', key, values, language);
const codeField = (page: Page, language = 'fr-FR') => page.getByRole('textbox', { name: text('code.label', {}, language) });
const step = (page: Page, key: string, language = 'fr-FR') => page.getByRole('heading', { level: 2, name: text(`${key}.title`, {}, language) });
/** Intl puts narrow no-break spaces in amounts: compare texts with ordinary spaces. */
const plain = (value: string | null) => (value ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

async function operator(page: Page, request: Parameters<typeof warehouseOperator>[0]) {
  const session = await warehouseOperator(request);
  await signInWith(page, session);
  return session;
}

/** The device's code scanned on the search step: its check opens on the specifications. */
async function openCheck(page: Page, code: string, language = 'fr-FR') {
  await page.goto(SEARCH);
  await expect(codeField(page, language)).toBeFocused();
  await scanWithWedge(page, code);
  await expect(step(page, 'specifications', language)).toBeVisible();
}

/** Specifications as found (Enter in the IMEI field), then the diagnosis. */
async function toDiagnosis(page: Page, language = 'fr-FR') {
  await page.getByRole('button', { name: text('actions.toDiagnosis', {}, language) }).click();
  await expect(step(page, 'diagnosis', language)).toBeVisible();
  await expect(page.getByTestId('diagnosis-question').first()).toBeVisible();
}

async function toSummary(page: Page, language = 'fr-FR') {
  await page.getByRole('button', { name: text('actions.toSummary', {}, language) }).click();
  await expect(step(page, 'summary', language)).toBeVisible();
  await expect(page.getByTestId('outcome')).toBeVisible();
}

const answer = (page: Page, name: string) => page.getByRole('radio', { name, exact: true }).check({ force: true });

/** The device found worn: the screen broken, the battery tired, the case scratched. */
async function answerWorn(page: Page) {
  await answer(page, 'Rayures visibles ou traces d’usure');
  await answer(page, 'Écran cassé ou tactile défaillant');
  await answer(page, 'Inférieure à 80 %');
}

test.describe('Given a parcel checked in at the demo warehouse', () => {
  test('When the operator checks it as declared, then it is completed at the declared price, goes to the to-refurbish stock, and its code is then refused as already checked', async ({ page, request }) => {
    const session = await operator(page, request);
    const parcel = await checkedInBuyback(request, session);

    await page.goto('/dashboard/home');
    const menu = page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') });
    await menu.getByRole('link', { name: apiText('fr-FR', 'menu.warehouseCheck') }).click();
    await expect(page).toHaveURL(/\/dashboard\/warehouse\/check$/);
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, parcel.identificationNumber);

    // Specifications: the declaration beside what is found; the IMEI field has the focus for a scanner.
    await expect(page).toHaveURL(new RegExp(`/warehouse/check/${parcel.itemId}$`));
    await expect(step(page, 'specifications')).toBeVisible();
    await expect(page.getByTestId('declared-product')).toHaveText(parcel.productLabel);
    await expect(page.getByTestId('found-product')).toHaveText(parcel.productLabel);
    await expect(page.getByRole('textbox', { name: new RegExp(text('found.imei')) })).toBeFocused();
    await page.keyboard.press('Enter');

    // Diagnosis: the customer's answers filled in, each shown beside its question.
    await expect(step(page, 'diagnosis')).toBeVisible();
    const questions = page.getByTestId('diagnosis-question');
    await expect(questions.first()).toBeVisible();
    await expect(questions.first().getByTestId('declared-answer')).toHaveText(text('diagnosis.declared', { answers: 'Oui' }));
    await expect(page.getByRole('radio', { name: 'Oui', exact: true })).toBeChecked();
    await expect(page.locator('[data-differs="true"]')).toHaveCount(0);
    await toSummary(page);

    // Summary: prices, the rule, the outcome; the comment is optional and shared with the customer.
    await expect(page.getByTestId('outcome')).toHaveAttribute('data-outcome', 'completed_by_price');
    expect(plain(await page.getByTestId('declared-price').textContent())).toBe(plain(euros(parcel.declaredPriceInCents)));
    await expect(page.getByTestId('deviation')).toHaveText(text('summary.noDeviation'));
    await expect(page.getByTestId('comment-audience')).toHaveText(text('decision.commentShared'));
    await expectAccessible(page);
    await page.getByRole('button', { name: text('decision.submitComplete', { price: euros(parcel.declaredPriceInCents) }) }).click();

    // Confirmation: what happened, the stock it now belongs to, and the field for the next device.
    const recorded = page.getByTestId('check-recorded');
    await expect(recorded).toHaveAttribute('data-outcome', 'completed_by_price');
    await expect(recorded).toContainText(text('recorded.completed_by_price.title'));
    await expect(page.getByTestId('item-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_completed'));
    await expect(page.getByTestId('item-stock')).toHaveText(apiText('fr-FR', 'stocks.native.to_refurbish'));
    await expect(codeField(page)).toBeFocused();
    const item = await session.ok('get', `/items/${parcel.itemId}`);
    expect(item).toMatchObject({ status: 'item_completed', completion: 'by_price' });

    // The same code again: its check is done.
    await scanWithWedge(page, parcel.identificationNumber);
    await expect(page.getByTestId('not-checkable')).toContainText(apiMessage('fr-FR', 'ITEM_CHECK_ALREADY_DONE'));
    await expect(page.getByTestId('not-checkable')).toContainText(apiText('fr-FR', 'items.statuses.item_completed'));
    await expect(codeField(page)).toBeFocused();
  });

  test('When the box is missing, then the deviation is absorbed by the category’s rule and the trade-in completed at the declared price, with the warehouse comment', async ({ page, request }) => {
    const session = await operator(page, request);
    const parcel = await checkedInBuyback(request, session);
    await openCheck(page, parcel.identificationNumber);
    await toDiagnosis(page);

    await page.getByRole('checkbox', { name: 'Aucun accessoire' }).check({ force: true });
    await page.getByRole('checkbox', { name: "Boîte d'origine" }).uncheck({ force: true });
    await expect(page.locator('[data-differs="true"]')).toHaveCount(1);
    await expect(page.locator('[data-differs="true"]')).toContainText(text('diagnosis.differs'));
    await toSummary(page);

    await expect(page.getByTestId('outcome')).toHaveAttribute('data-outcome', 'completed_with_absorption');
    await expect(page.getByTestId('deviation')).not.toHaveText(text('summary.noDeviation'));
    await expect(page.getByTestId('absorption-rule')).not.toBeEmpty();
    await page.getByRole('textbox', { name: new RegExp(text('decision.comment')) }).fill('Boîte d’origine absente.');
    await page.getByRole('button', { name: text('decision.submitComplete', { price: euros(parcel.declaredPriceInCents) }) }).click();

    await expect(page.getByTestId('check-recorded')).toHaveAttribute('data-outcome', 'completed_with_absorption');
    await expect(page.getByTestId('item-stock')).toHaveText(apiText('fr-FR', 'stocks.native.to_refurbish'));
    const item = await session.ok('get', `/items/${parcel.itemId}`);
    expect(item).toMatchObject({ status: 'item_completed', completion: 'with_absorption', check: { comment: 'Boîte d’origine absente.', commentShared: true } });
  });

  test('When the device is worn, then a new price is proposed to the customer with its reason, and the customer’s offer shows the shared comment', async ({ page, request }) => {
    const session = await operator(page, request);
    const email = `${uniqueName('proposal').toLowerCase()}@example.com`;
    const parcel = await checkedInBuyback(request, session, { email });
    await openCheck(page, parcel.identificationNumber);
    await toDiagnosis(page);
    await answerWorn(page);
    await toSummary(page);

    await expect(page.getByTestId('outcome')).toHaveAttribute('data-outcome', 'price_proposal');
    const proposed = plain(await page.getByTestId('proposed-price').textContent());
    expect(proposed).not.toBe('');
    const submit = page.getByRole('button', { name: new RegExp(text('decision.submitProposal', { price: '.+' })) });
    // The customer must be told why.
    await submit.click();
    await expect(page.getByText(apiMessage('fr-FR', 'COMPLIANCE_PROPOSAL_REASON_REQUIRED'))).toBeVisible();
    await expect(page.getByRole('textbox', { name: new RegExp(text('decision.proposalReason')) })).toBeFocused();
    await page.getByRole('textbox', { name: new RegExp(text('decision.proposalReason')) }).fill('Écran cassé et batterie usée.');
    await page.getByRole('textbox', { name: new RegExp(text('decision.comment')) }).fill('Constaté au contrôle : vitre fissurée.');
    await submit.click();

    await expect(page.getByTestId('check-recorded')).toHaveAttribute('data-outcome', 'price_proposal');
    await expect(page.getByTestId('item-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_awaiting_compliancy_tests'));
    const item = await session.ok('get', `/items/${parcel.itemId}`);
    expect(plain(euros(item.proposedPrice.amountInCents))).toBe(proposed);

    // The customer's offer, from the e-mailed link: the reason and the warehouse's shared comment.
    const link = await priceOfferLinkMailedTo(email);
    await page.goto(new URL(link).pathname + new URL(link).search);
    await expect(page.getByTestId('proposal-reason')).toHaveText('Écran cassé et batterie usée.');
    await expect(page.getByTestId('price-proposal-details')).toContainText('Constaté au contrôle : vitre fissurée.');
    expect(plain(await page.getByTestId('proposed-price').textContent())).toBe(proposed);
  });

  test('When the operator puts it in quarantine instead, then its reason and comment are asked, it goes to the quarantine stock, and a new check is refused while it is there', async ({ page, request }) => {
    const session = await operator(page, request);
    const parcel = await checkedInBuyback(request, session);
    await openCheck(page, parcel.identificationNumber);
    await toDiagnosis(page);
    await answer(page, 'Oui, le compte est toujours associé');
    await toSummary(page);

    await page.getByRole('radio', { name: text('decision.quarantine') }).check({ force: true });
    const submit = page.getByRole('button', { name: text('decision.submitQuarantine') });
    await submit.click();
    await expect(page.getByText(text('decision.quarantineReasonRequired'))).toBeVisible();
    await expect(page.getByText(text('decision.quarantineCommentRequired'))).toBeVisible();
    await page.getByRole('combobox', { name: new RegExp(text('decision.quarantineReason')) }).selectOption('account_lock_active');
    await page.getByRole('textbox', { name: new RegExp(text('decision.quarantineComment')) }).fill('Verrouillage iCloud actif.');
    await submit.click();

    await expect(page.getByTestId('check-recorded')).toHaveAttribute('data-outcome', 'quarantine');
    await expect(page.getByTestId('check-recorded')).toContainText(apiText('fr-FR', 'items.quarantineReasons.account_lock_active'));
    await expect(page.getByTestId('item-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_in_quarantine'));
    await expect(page.getByTestId('item-stock')).toHaveText(apiText('fr-FR', 'stocks.native.in_quarantine'));
    expect(await session.ok('get', `/items/${parcel.itemId}`)).toMatchObject({ status: 'item_in_quarantine', quarantine: { reason: 'account_lock_active', comment: 'Verrouillage iCloud actif.' } });

    await scanWithWedge(page, parcel.identificationNumber);
    await expect(page.getByTestId('not-checkable')).toContainText(apiMessage('fr-FR', 'ITEM_CHECK_WRONG_STATUS'));
  });

  test('When another model is found and its IMEI is not one of that model’s, then the catalogue gives the model, the operator continues anyway, and the summary says both', async ({ page, request }) => {
    const session = await operator(page, request);
    const parcel = await checkedInBuyback(request, session);
    await openCheck(page, parcel.identificationNumber);

    await page.getByRole('button', { name: text('found.change') }).click();
    const picker = page.getByTestId('model-picker');
    await picker.getByRole('searchbox').fill('pixel 7');
    await picker.getByRole('searchbox').press('Enter');
    await picker.getByRole('button', { name: /Pixel 7 128/ }).first().click();
    await expect(page.getByTestId('found-product')).toContainText('Pixel 7');
    await expect(page.getByText(text('found.otherModel'))).toBeVisible();

    const imei = page.getByRole('textbox', { name: new RegExp(text('found.imei')) });
    await imei.fill('123456789012345');
    await page.getByRole('button', { name: text('actions.toDiagnosis') }).click();
    await expect(page.getByText(apiMessage('fr-FR', 'IMEI_CHECK_DIGIT_INVALID'))).toBeVisible();
    // A well-formed IMEI of another model (a TAC no product has).
    const payload = '99999999123456';
    await imei.fill(`${payload}${luhnCheckDigit(payload)}`);
    await page.getByRole('button', { name: text('actions.toDiagnosis') }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText(apiMessage('fr-FR', 'IMEI_TAC_MISMATCH'));
    await dialog.getByRole('button', { name: 'Continuer quand même' }).click();

    // Another model: its questions are not the customer's answers, but theirs are still shown beside them.
    await expect(step(page, 'diagnosis')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Oui', exact: true })).not.toBeChecked();
    await expect(page.getByTestId('declared-answer').first()).toBeVisible();
    await page.getByRole('button', { name: text('actions.toSummary') }).click();
    await expect(page.getByText(text('diagnosis.answerRequired')).first()).toBeVisible();
    for (const name of ['Oui', 'Comme neuf, aucune trace', "Boîte d'origine", 'Parfait, aucune rayure', 'Supérieure à 85 %', 'Non, le compte est déconnecté']) {
      await page.getByRole(name === "Boîte d'origine" ? 'checkbox' : 'radio', { name, exact: true }).check({ force: true });
    }
    await toSummary(page);
    await expect(page.getByText(text('found.otherModel'))).toBeVisible();
    await expect(page.getByText(`${payload}${luhnCheckDigit(payload)} (${text('summary.imeiUnknown')})`)).toBeVisible();

    // Back and forth keeps what was found.
    await page.getByRole('button', { name: text('actions.back') }).click();
    await expect(page.getByRole('radio', { name: 'Parfait, aucune rayure', exact: true })).toBeChecked();
  });

  test('When someone else records its check while the operator is on it, then the command is refused as stale and reloading shows it done', async ({ page, request }) => {
    const session = await operator(page, request);
    const parcel = await checkedInBuyback(request, session);
    await openCheck(page, parcel.identificationNumber);
    await toDiagnosis(page);
    await toSummary(page);

    const lookup = await session.ok('get', `/items/by-code/${parcel.identificationNumber}`);
    const colleague = await warehouseOperator(request);
    await colleague.ok('post', `/items/${parcel.itemId}/compliance-checks`, {
      productId: lookup.item.product.productId,
      responses: lookup.declaration.responses,
      decision: { kind: 'by_rule' },
    });

    await page.getByRole('button', { name: text('decision.submitComplete', { price: euros(parcel.declaredPriceInCents) }) }).click();
    await expect(page.getByText(text('decision.stale'))).toBeVisible();
    await page.getByRole('button', { name: text('decision.reload') }).click();
    await expect(page.getByTestId('not-checkable')).toContainText(apiMessage('fr-FR', 'ITEM_CHECK_ALREADY_DONE'));
  });
});

test.describe('Given the operator on the search step', () => {
  test('When a code is malformed, unknown, names several items or an item lost in transport, then the specification’s error says so', async ({ page, request }) => {
    const session = await operator(page, request);
    const inTransit = await shippedBuyback(request);
    const lost = await shippedBuyback(request);
    const lostItem = await itemOf(session, lost.identificationNumber);
    const manager = await StaffApi.login(request, 'warehouse-manager@demo.test', 'rps');
    await manager.ok('post', `/items/${lostItem.id}/lost`, { place: 'transport', comment: 'Colis perdu par le transporteur.' });
    const candidates = await Promise.all([inTransit, lost].map(async (parcel) => {
      const item = await itemOf(session, parcel.identificationNumber);
      return { id: item.id, identificationNumber: item.identificationNumber, product: item.product.label, status: item.status };
    }));

    await page.goto(SEARCH);
    await codeField(page).fill('1234');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('code-problem')).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_LENGTH'));

    await codeField(page).fill('ZZ00ZZ00');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('code-problem')).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_NOT_RECOGNISED'));

    await codeField(page).fill(lost.identificationNumber);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('not-checkable')).toContainText(apiMessage('fr-FR', 'ITEM_NOT_ELIGIBLE_FOR_CHECK'));
    await expect(page.getByTestId('not-checkable')).toContainText(apiText('fr-FR', 'items.statuses.item_lost_transport'));
    await expect(codeField(page)).toBeFocused();

    // Several items answer to a device code (the API's answer played: a demo rarely has two).
    await page.route('**/api/items/by-code/AMBI2026', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ code: 'ITEM_CODE_AMBIGUOUS', message: '', details: { code: 'AMBI2026', candidates, more: true } }) }),
    );
    await codeField(page).fill('AMBI2026');
    await page.keyboard.press('Enter');
    const listed = page.getByTestId('item-candidates');
    await expect(listed.getByRole('listitem')).toHaveCount(2);
    await expect(listed).toContainText(text('candidates.more'));
    // Here check-in is optional: the device picked, still in transit, opens its check (which will register it).
    await listed.getByRole('button', { name: text('candidates.pickLabel', { code: shownCode(inTransit.identificationNumber), product: inTransit.productLabel }) }).click();
    await expect(step(page, 'specifications')).toBeVisible();
  });

  test('When the interface is in English and a parcel not yet checked in is checked, then the steps, the summary and the outcome are in English, and the check registers it', async ({ page, request }) => {
    await inEnglish(page);
    const session = await operator(page, request);
    const parcel = await shippedBuyback(request);
    await openCheck(page, parcel.identificationNumber, 'en-GB');
    await expect(page.getByRole('heading', { level: 3, name: text('declared.title', {}, 'en-GB') })).toBeVisible();
    await toDiagnosis(page, 'en-GB');
    await toSummary(page, 'en-GB');
    await expect(page.getByText(text('summary.registersItem', {}, 'en-GB'))).toBeVisible();
    await expect(page.getByTestId('outcome')).toContainText(text('outcome.completed_by_price.title', {}, 'en-GB'));
    await expect(page.getByTestId('comment-audience')).toHaveText(text('decision.commentShared', {}, 'en-GB'));
    await page.getByRole('button', { name: text('decision.submitComplete', { price: euros(parcel.declaredPriceInCents, 'en-GB') }, 'en-GB') }).click();
    await expect(page.getByTestId('check-recorded')).toContainText(text('recorded.completed_by_price.title', {}, 'en-GB'));
    await expect(page.getByTestId('item-stock')).toHaveText(apiText('en-GB', 'stocks.native.to_refurbish'));
    const item = await itemOf(session, parcel.identificationNumber);
    expect(item.status).toBe('item_completed');
  });
});

test.describe('Given a trade-in pre-declared on the website more than 15 days ago', () => {
  test('When its device is checked, then the specifications and the summary warn that prices may have changed, and each step is accessible', async ({ page, request }) => {
    const session = await operator(page, request);
    const parcel = await checkedInBuyback(request, session);
    // The API says so of a web declaration older than 15 days; the server's clock cannot be moved back here: its answers are played for this one.
    const olderWebDeclaration = async (route: Parameters<Parameters<Page['route']>[1]>[0]) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), channel: 'web', pricesMayHaveChanged: true } });
    };
    await page.route(`**/api/items/by-code/${parcel.identificationNumber}`, olderWebDeclaration);
    await page.route(`**/api/items/${parcel.itemId}/compliance-checks/preview`, olderWebDeclaration);

    await openCheck(page, parcel.identificationNumber);
    await expect(page.getByTestId('prices-may-have-changed')).toContainText(text('pricesWarning.title'));
    await expect(page.getByRole('region', { name: text('declared.title') })).toContainText(text('channels.web'));
    await expectAccessible(page);
    await toDiagnosis(page);
    await expectAccessible(page);
    await toSummary(page);
    await expect(page.getByTestId('prices-may-have-changed')).toContainText(text('pricesWarning.title'));
  });
});

test.describe('Given Other Retail’s warehouse, where check-in is mandatory', () => {
  test('When the operator searches a parcel still in transit, then it must be checked in first (with the way there); once checked in, its check opens', async ({ page, request }) => {
    const session = await otherWarehouseOperator(request);
    const parcel = await otherRetailersShippedBuyback(request);
    await signInWith(page, session);
    await page.goto(SEARCH);
    await expect(codeField(page)).toBeFocused();
    await scanWithWedge(page, parcel.identificationNumber);
    await expect(page.getByTestId('not-checkable')).toContainText(apiMessage('fr-FR', 'ITEM_NOT_CHECKED_IN'));
    await expect(page.getByTestId('not-checkable').getByRole('link', { name: text('refusal.checkIn') })).toHaveAttribute('href', '/dashboard/warehouse/checkin');
    await expect(codeField(page)).toBeFocused();
    expect((await itemOf(session, parcel.identificationNumber)).status).toBe('item_in_transit');

    await checkInCode(session, parcel.identificationNumber);
    await openCheck(page, parcel.identificationNumber);
  });
});
