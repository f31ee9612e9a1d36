import type { Page } from '@playwright/test';
import { expect, test } from './support/storefront-test.js';
import { euros, expectNoSeriousAxeViolations, proposedBuyback } from './support/storefront.js';
import { paymentDueDate } from '../../domain/payments/working-days.js';

/** Intl puts narrow no-break spaces in amounts: compare texts with ordinary spaces. */
const plain = (text: string | null) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ').trim();

/** The latest payment day of a price accepted today in France (5 working days, French public holidays counted), as the French page writes it. */
function expectedDueDate(): string {
  const today = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris' }).format(new Date());
  return new Intl.DateTimeFormat('fr-FR', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${paymentDueDate(today)}T00:00:00Z`));
}

async function expectProposalShown(page: Page, proposal: Awaited<ReturnType<typeof proposedBuyback>>) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nouvelle proposition de prix');
  await expect(page.getByTestId('previous-price')).toBeVisible();
  expect(plain(await page.getByTestId('previous-price').textContent())).toBe(plain(euros(proposal.declaredPriceInCents)));
  expect(plain(await page.getByTestId('proposed-price').textContent())).toBe(plain(euros(proposal.proposedPriceInCents)));
  await expect(page.getByTestId('proposal-reason')).toHaveText(proposal.reason);
  await expect(page.getByText(proposal.productLabel)).toBeVisible();
}

test.describe('Given a customer whose device was checked and offered a lower price', () => {
  test('When they open the e-mailed link and accept, then it is recorded, and opening it again says it is already resolved', async ({ page, request }) => {
    const proposal = await proposedBuyback(request, 'Écran rayé');
    expect(new URL(proposal.link).pathname).toBe(`/buyback/${proposal.id}/accept`);

    await page.goto(`/buyback/${proposal.id}/accept?token=${proposal.token}`);
    await expectProposalShown(page, proposal);
    // The payment's delay, as information: 5 working days from today, French public holidays counted.
    const dueDate = expectedDueDate();
    expect(plain(await page.getByTestId('payment-due-date').textContent())).toBe(
      plain(`Si vous acceptez aujourd'hui, vous serez payé sous 5 jours ouvrés, au plus tard le ${dueDate}.`),
    );
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('button', { name: 'Accepter le nouveau prix' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Accepter le nouveau prix ?' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Annuler' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    await dialog.getByRole('button', { name: "Oui, j'accepte" }).click();

    const outcome = page.getByTestId('price-proposal-resolved');
    await expect(outcome).toContainText('Votre réponse a bien été enregistrée.');
    await expect(outcome).toContainText('a été accepté');
    expect(plain(await outcome.getByTestId('payment-due-date').textContent())).toBe(plain(`Vous serez payé sous 5 jours ouvrés, au plus tard le ${dueDate}.`));
    await expect(page.getByRole('button', { name: 'Accepter le nouveau prix' })).toHaveCount(0);

    await page.reload();

    await expect(page.getByTestId('price-proposal-resolved')).toContainText('Cette proposition a déjà reçu une réponse.');
    await expect(page.getByTestId('price-proposal-resolved')).toContainText('a été accepté');
    await expect(page.getByTestId('payment-due-date')).toHaveText('Vous êtes payé sous 5 jours ouvrés après votre acceptation.');
    await expect(page.getByRole('button', { name: 'Refuser et récupérer mon appareil' })).toHaveCount(0);
    const shown = await (await request.get(`/api/public/buybacks/${proposal.id}/price-proposal?token=${proposal.token}`)).json();
    expect(shown).toMatchObject({ decision: 'accepted', alreadyResolved: true });
  });

  test('When they open the reject link and decline, then the buyback is not completed and the screen says the device goes back', async ({ page, request }) => {
    const proposal = await proposedBuyback(request, 'Batterie usée');

    await page.goto(`/buyback/${proposal.id}/reject?token=${proposal.token}`);
    await expectProposalShown(page, proposal);

    await page.getByRole('button', { name: 'Refuser et récupérer mon appareil' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Refuser le nouveau prix ?' });
    // Changing one's mind closes the dialog and decides nothing; focus returns to the button.
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Refuser et récupérer mon appareil' })).toBeFocused();

    await page.getByRole('button', { name: 'Refuser et récupérer mon appareil' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Oui, je refuse' }).click();

    await expect(page.getByTestId('price-proposal-resolved')).toContainText('a été refusé');
    // A declined price is not paid: no payment delay is shown.
    await expect(page.getByTestId('payment-due-date')).toHaveCount(0);
    const shown = await (await request.get(`/api/public/buybacks/${proposal.id}/price-proposal?token=${proposal.token}`)).json();
    expect(shown).toMatchObject({ decision: 'rejected', alreadyResolved: true });
    await page.goto(`/buyback/${proposal.id}/accept?token=${proposal.token}`);
    await expect(page.getByTestId('price-proposal-resolved')).toContainText('Cette proposition a déjà reçu une réponse.');
  });

  test('When the link is wrong or cut short, then the screen says the offer cannot be found, in the visitor’s language', async ({ page, request }) => {
    const proposal = await proposedBuyback(request, 'Coque fissurée');

    await page.goto(`/buyback/${proposal.id}/accept?token=${'x'.repeat(43)}`);
    await expect(page.getByTestId('price-proposal-error')).toContainText('Cette proposition de prix est introuvable');

    await page.getByRole('combobox', { name: 'Langue' }).selectOption('en-GB');
    await expect(page.getByTestId('price-proposal-error')).toHaveText('This price offer could not be found, or the link is no longer valid.');

    await page.goto(`/buyback/${proposal.id}/accept`);
    await expect(page.getByTestId('price-proposal-error')).toHaveText('This link is incomplete: open the whole link from the e-mail.');
  });

  test('When the link’s id or token is mangled, then the screen says the link is not valid, not that some fields are incorrect', async ({ page, request }) => {
    const proposal = await proposedBuyback(request, 'Bouton cassé');

    for (const link of [`/buyback/${proposal.id.slice(0, 20)}/accept?token=${proposal.token}`, `/buyback/${proposal.id}/reject?token=${proposal.token.slice(0, 8)}`]) {
      await page.goto(link);
      await expect(page.getByTestId('price-proposal-error'), link).toHaveText("Ce lien n'est pas valide : ouvrez le lien complet reçu par e-mail, sans le modifier.");
      await expect(page.getByText(/champs/)).toHaveCount(0);
    }
  });
});
