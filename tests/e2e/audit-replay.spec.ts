import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiMessage, apiText, dashboardText, expectAccessible, shownCode, signInWith, StaffApi } from './support/dashboard.js';
import { expectNoHorizontalScroll } from './support/storefront.js';
import { euros, featureText, litigatedBuyback, plain, replayEvents, type LitigatedBuyback } from './support/warehouse-audit.js';

/**
 * The auditor's replay (/replay, /replay/{buybackId}): a buyback and its
 * device as they were at any moment, stepped event by event or picked by
 * date and time, the moment kept in the address so that it can be shared,
 * and the events told as a story (who, from which organization, when, why,
 * what changed). Litigation is the case in point: a price proposed after
 * the check, and the customer's answer.
 */

const text = (key: string, values: Record<string, string | number> = {}, language = 'fr-FR') => featureText('audit-replay', language, key, values);
const buybacksText = (key: string, language = 'fr-FR') => featureText('buybacks', language, key);

const state = (page: Page, what: string) => page.getByTestId(`replay-${what}`);
const entry = (page: Page, type: string) => page.locator(`[data-testid="replay-event"][data-type="${type}"]`);
const sentence = async (event: Locator) => plain(await event.getByTestId('replay-story').textContent());

/** The events of the replay in their order, as the API tells them: an event's number (1-based) by its type. */
async function numbering(auditor: StaffApi, buybackId: string) {
  const events = await replayEvents(auditor, buybackId);
  return { total: events.length, number: (type: string) => events.findIndex((event) => event.type === type) + 1, at: (type: string) => events.find((event) => event.type === type)?.at as string };
}

/** An instant as the browser's date-time field holds it in the tests' time zone (Europe/Paris, playwright.config.ts). */
function parisInput(iso: string): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit' })
    .format(new Date(iso))
    .replace(' ', 'T');
}

async function expectProposalTold(page: Page, buyback: LitigatedBuyback, language = 'fr-FR') {
  const values = { who: 'Nadia Robert (Demo Warehouse Orléans)', proposed: euros(buyback.proposedPriceInCents, language), previous: euros(buyback.declaredPriceInCents, language), reason: buyback.reason };
  expect(await sentence(entry(page, 'BuybackNewPriceProposed'))).toBe(text('story.events.BuybackNewPriceProposed', values, language));
}

test.describe('Given a buyback checked in, offered a lower price after the check, and whose customer rejected it', () => {
  test('When the auditor opens its replay from the buyback’s detail, then the litigation reads as a story, and each step and each moment picked shows the state of then', async ({ page, request }) => {
    // A litigation prepared through the API (with a second between its steps), then some twenty checks of the screen.
    test.slow();
    const buyback = await litigatedBuyback(request, 'reject', 'Batterie usée');
    const auditor = await StaffApi.login(request, 'warehouse-manager@demo.test', 'rps');
    const { total, number, at } = await numbering(auditor, buyback.id);
    const declared = euros(buyback.declaredPriceInCents);
    const proposed = euros(buyback.proposedPriceInCents);
    await signInWith(page, auditor);

    // From the buyback's detail, for a holder of audit.replay.
    await page.goto(`/dashboard/buyback/${buyback.id}`);
    await page.getByRole('link', { name: buybacksText('actions.replay') }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/replay/${buyback.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('replay.title', { code: shownCode(buyback.identificationNumber) }));

    // Now: rejected, the device to go back, nothing to pay.
    await expect(state(page, 'position')).toContainText(`${total}`);
    await expect(state(page, 'status')).toHaveText(text('buybackStatuses.bb_not_completed'));
    expect(plain(await state(page, 'declared-price').textContent())).toBe(declared);
    expect(plain(await state(page, 'proposal').textContent())).toBe(plain(text('state.proposalValue', { proposed, previous: declared, reason: 'Batterie usée' })));
    await expect(state(page, 'decision')).toHaveText(buybacksText('proposal.decisions.rejected'));
    await expect(state(page, 'validated-price')).toHaveText('—');
    await expect(state(page, 'payment-due')).toHaveText(text('state.nothingDue'));
    await expect(state(page, 'item-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_to_return'));
    await expect(state(page, 'item-stock')).toHaveText(apiText('fr-FR', 'stocks.native.customer_return'));

    // The story: who proposed what instead of what and why; the customer's answer; the consequences tied to their cause.
    await expect(page.getByTestId('replay-event')).toHaveCount(total);
    await expectProposalTold(page, buyback);
    await expect(entry(page, 'BuybackNewPriceProposed')).toContainText(text('events.causedBy', { number: number('ItemNewPriceProposed') }));
    await expect(entry(page, 'BuybackNewPriceRejected').getByTestId('replay-story')).toHaveText(text('story.events.BuybackNewPriceRejected'));
    await expect(entry(page, 'BuybackNewPriceRejected').getByTestId('replay-who')).toHaveText(text('events.byAt', { who: text('events.actors.customer'), organization: 'Demo Store Paris' }));
    await expect(entry(page, 'ItemReturnRequested')).toContainText(text('events.causedBy', { number: number('BuybackNewPriceRejected') }));
    expect(await sentence(entry(page, 'ItemRegisteredInWarehouse'))).toBe(
      plain(text('story.events.ItemRegisteredInWarehouse', { who: 'Nadia Robert (Demo Warehouse Orléans)', stock: apiText('fr-FR', 'stocks.native.to_approve') })),
    );

    // Just after the proposal: awaiting the customer's answer; the answer and what followed are greyed.
    await entry(page, 'BuybackNewPriceProposed').getByRole('button', { name: new RegExp(text('events.showAfter')) }).click();
    await expect(page).toHaveURL(new RegExp(`\\?upTo=${number('BuybackNewPriceProposed')}$`));
    await expect(state(page, 'position')).toContainText(`${number('BuybackNewPriceProposed')}`);
    await expect(state(page, 'status')).toHaveText(`${text('buybackStatuses.bb_in_processing')} (${text('processingSteps.awaiting_customer_decision')})`);
    await expect(state(page, 'decision')).toHaveText(buybacksText('proposal.decisions.pending'));
    // The buyback keeps what the check found (BuybackNewPriceProposed v2's controlledPrice), the customer is offered more
    // (the part the retailer absorbs); the device's event records the same checked price.
    expect(plain(await state(page, 'controlled-price').textContent())).toBe(euros(buyback.controlledPriceInCents));
    expect(euros(buyback.controlledPriceInCents)).not.toBe(proposed);
    expect(plain(await entry(page, 'ItemNewPriceProposed').textContent())).toContain(`${text('facts.controlledPrice')}${euros(buyback.controlledPriceInCents)}`);
    await expect(state(page, 'payment-due')).toHaveText(text('state.nothingDue'));
    await expect(entry(page, 'BuybackNewPriceRejected')).toHaveAttribute('data-applied', 'false');
    await expect(entry(page, 'BuybackNewPriceProposed')).toHaveAttribute('aria-current', 'step');

    // One step forward: the answer.
    await page.getByRole('button', { name: text('moment.next') }).click();
    await expect(page).toHaveURL(new RegExp(`\\?upTo=${number('BuybackNewPriceRejected')}$`));
    await expect(state(page, 'status')).toHaveText(text('buybackStatuses.bb_not_completed'));
    await expect(state(page, 'decision')).toHaveText(buybacksText('proposal.decisions.rejected'));

    // Two steps back: the check recorded on the device, the buyback not told yet.
    await page.getByRole('button', { name: text('moment.previous') }).click();
    // One step at a time: the second click goes back from where the first led.
    await expect(page).not.toHaveURL(new RegExp(`\\?upTo=${number('BuybackNewPriceRejected')}$`));
    await page.getByRole('button', { name: text('moment.previous') }).click();
    await expect(page).toHaveURL(new RegExp(`\\?upTo=${number('ItemNewPriceProposed')}$`));
    await expect(state(page, 'status')).toHaveText(`${text('buybackStatuses.bb_in_processing')} (${text('processingSteps.checking')})`);
    await expect(state(page, 'proposal')).toHaveText('—');
    await expect(state(page, 'item-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_awaiting_compliancy_tests'));

    // The link is the moment: whoever opens it sees the same.
    await page.reload();
    await expect(state(page, 'item-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_awaiting_compliancy_tests'));
    await expect(page.getByTestId('replay-share')).toHaveAttribute('data-link', new RegExp(`/dashboard/replay/${buyback.id}\\?upTo=${number('ItemNewPriceProposed')}$`));

    // The very first event: registered, the device has no record yet.
    await page.getByRole('button', { name: text('moment.first') }).click();
    await expect(page).toHaveURL(/\?upTo=1$/);
    await expect(state(page, 'status')).toHaveText(text('buybackStatuses.bb_awaiting_inventory'));
    await expect(page.getByText(text('state.noItem'))).toBeVisible();
    await expect(page.getByRole('button', { name: text('moment.previous') })).toBeDisabled();
    // The button that had the focus is now unusable: the focus is on the position, which is read out.
    await expect(state(page, 'position')).toBeFocused();

    // A moment picked, to the second: the second of the check-in, before the check.
    await page.getByTestId('replay-moment-input').fill(parisInput(at('ItemRegisteredInWarehouse')));
    await page.getByRole('button', { name: text('moment.show') }).click();
    await expect(page).toHaveURL(/\?at=/);
    await expect(state(page, 'status')).toHaveText(`${text('buybackStatuses.bb_in_processing')} (${text('processingSteps.checking')})`);
    await expect(state(page, 'item-status')).toHaveText(apiText('fr-FR', 'items.statuses.item_registered_in_warehouse'));
    await expect(state(page, 'controlled-price')).toHaveText('—');
    await expect(state(page, 'payment-due')).toHaveText(text('state.nothingDue'));
    await expect(entry(page, 'ItemNewPriceProposed')).toHaveAttribute('data-applied', 'false');

    // The second of the proposal: awaiting the answer.
    await page.getByTestId('replay-moment-input').fill(parisInput(at('BuybackNewPriceProposed')));
    await page.getByRole('button', { name: text('moment.show') }).click();
    await expect(state(page, 'decision')).toHaveText(buybacksText('proposal.decisions.pending'));
    await expect(entry(page, 'BuybackNewPriceRejected')).toHaveAttribute('data-applied', 'false');

    // Back to now.
    await page.getByRole('button', { name: text('moment.latest') }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/replay/${buyback.id}$`));
    await expect(state(page, 'status')).toHaveText(text('buybackStatuses.bb_not_completed'));
  });

  test('When the screen is a phone’s (375 px), then nothing scrolls sideways and the replay passes the accessibility check', async ({ page, request }) => {
    // Two accessibility checks of a long page.
    test.slow();
    const buyback = await litigatedBuyback(request, 'reject');
    const auditor = await StaffApi.login(request, 'warehouse-manager@demo.test', 'rps');
    const { number } = await numbering(auditor, buyback.id);
    await signInWith(page, auditor);
    await page.setViewportSize({ width: 375, height: 800 });

    await page.goto(`/dashboard/replay/${buyback.id}?upTo=${number('BuybackNewPriceProposed')}`);
    await expect(state(page, 'decision')).toHaveText(buybacksText('proposal.decisions.pending'));
    await expectProposalTold(page, buyback);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);

    // Open the recorded data of an event: still no sideways scroll.
    await entry(page, 'ItemNewPriceProposed').getByText(text('events.recorded')).click();
    await expect(entry(page, 'ItemNewPriceProposed').locator('pre')).toContainText('"proposedPrice"');
    await expectNoHorizontalScroll(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessible(page);
  });

  test('When the auditor reads the dashboard in English, then the story is told in English', async ({ page, request }) => {
    const buyback = await litigatedBuyback(request, 'reject', 'Screen scratched');
    const auditor = await StaffApi.login(request, 'warehouse-manager@demo.test', 'rps');
    await signInWith(page, auditor);
    await page.goto(`/dashboard/replay/${buyback.id}`);
    await page.getByLabel('Langue').selectOption('en-GB');

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('replay.title', { code: shownCode(buyback.identificationNumber) }, 'en-GB'));
    await expectProposalTold(page, buyback, 'en-GB');
    await expect(entry(page, 'BuybackNewPriceRejected').getByTestId('replay-story')).toHaveText('The customer rejected the new price: the device goes back to them.');
    await expect(state(page, 'status')).toHaveText(text('buybackStatuses.bb_not_completed', {}, 'en-GB'));
    await expect(state(page, 'payment-due')).toHaveText(text('state.nothingDue', {}, 'en-GB'));
  });
});

test.describe('Given a buyback whose customer accepted the new price', () => {
  test('When a retailer’s manager finds it by its code on the replay page, then the negotiated price is due at the end and nothing the step before', async ({ page, request }) => {
    const buyback = await litigatedBuyback(request, 'accept', 'Coque fissurée');
    const auditor = await StaffApi.login(request, 'retailer@demo.test');
    const { number } = await numbering(auditor, buyback.id);
    const proposed = euros(buyback.proposedPriceInCents);
    await signInWith(page, auditor);

    // The menu leads to the replay.
    await page.goto('/dashboard/home');
    await page.getByRole('navigation', { name: dashboardText('app', 'fr-FR', 'menu.label') }).getByRole('link', { name: apiText('fr-FR', 'menu.replay') }).click();
    await expect(page).toHaveURL(/\/dashboard\/replay$/);
    await expectAccessible(page);

    // A code with a wrong check digit is refused where it is typed.
    const code = buyback.identificationNumber;
    const field = page.getByRole('textbox', { name: text('search.code') });
    await field.fill(code.slice(0, 12) + String((Number(code[12]) + 1) % 10));
    await page.getByRole('button', { name: text('search.submit') }).click();
    await expect(page.getByTestId('replay-code-problem')).toHaveText(apiMessage('fr-FR', 'ITEM_CODE_NOT_RECOGNISED'));
    await expect(field).toBeFocused();

    // The 8-character device code the lists show opens it too.
    await field.fill(code.slice(-8));
    await page.getByRole('button', { name: text('search.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/dashboard/replay/${buyback.id}$`));

    await expect(state(page, 'status')).toHaveText(text('buybackStatuses.bb_completed_with_negociation'));
    expect(plain(await state(page, 'validated-price').textContent())).toBe(proposed);
    expect(plain(await state(page, 'payment-due').textContent())).toBe(proposed);
    await expect(state(page, 'payment-status')).toHaveText(buybacksText('paymentStatuses.awaiting_payment'));
    await expect(state(page, 'decision')).toHaveText(buybacksText('proposal.decisions.accepted'));
    expect(await sentence(entry(page, 'BuybackNewPriceAccepted'))).toBe(plain(text('story.events.BuybackNewPriceAccepted', { validated: proposed })));
    await expect(state(page, 'item-status')).toHaveText(`${apiText('fr-FR', 'items.statuses.item_completed')} (${text('completions.with_negociation')})`);

    // The step before the answer: nothing due yet.
    await page.goto(`/dashboard/replay/${buyback.id}?upTo=${number('BuybackNewPriceAccepted')}`);
    await page.getByRole('button', { name: text('moment.previous') }).click();
    await expect(page).toHaveURL(new RegExp(`\\?upTo=${number('BuybackNewPriceAccepted') - 1}$`));
    await expect(state(page, 'payment-due')).toHaveText(text('state.nothingDue'));
    await expect(state(page, 'validated-price')).toHaveText('—');
  });
});

test.describe('Given a buyback’s detail', () => {
  /** Another user in the same browser: the session the login page would leave, then the page again. */
  async function switchTo(page: Page, session: StaffApi) {
    await page.evaluate(({ token, module }) => localStorage.setItem('dashboard.session', JSON.stringify({ token, module })), { token: session.token, module: session.module });
    await page.reload();
  }

  test('When a warehouse operator, an auditor or a store manager opens it, then the device’s link is offered to them, and the replay only to the auditor', async ({ page, request }) => {
    const buyback = await litigatedBuyback(request, 'reject');
    const itemLink = `/dashboard/items-stock/${buyback.itemId}/edit`;
    const openItem = page.getByRole('link', { name: buybacksText('actions.openItem') });
    const replay = page.getByRole('link', { name: buybacksText('actions.replay') });

    // The warehouse operator (item.read, item.list; not audit.replay) finds the device through the items list.
    await signInWith(page, await StaffApi.login(request, 'warehouse@demo.test', 'rps'));
    await page.goto(`/dashboard/buyback/${buyback.id}`);
    await expect(openItem).toHaveAttribute('href', itemLink);
    await expect(replay).toHaveCount(0);

    // The warehouse manager, an auditor, has both.
    await switchTo(page, await StaffApi.login(request, 'warehouse-manager@demo.test', 'rps'));
    await expect(openItem).toHaveAttribute('href', itemLink);
    await expect(replay).toHaveAttribute('href', `/dashboard/replay/${buyback.id}`);

    // The store's manager reads items (item.read) without listing them: the device's id follows from the buyback's.
    await switchTo(page, await StaffApi.login(request, 'manager@demo.test'));
    await expect(page.getByRole('heading', { level: 1 })).toContainText(shownCode(buyback.identificationNumber));
    await expect(openItem).toHaveAttribute('href', itemLink);
    await expect(replay).toHaveCount(0);
  });
});
