import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiMessage, expectAccessible, featureText, signInWith } from './support/dashboard.js';
import { completedBuyback, paymentInStatus, people, sepaTurn } from './support/payments.js';

const text = (key: string, values?: Record<string, string | number>) => featureText('payment-transfer-files', 'fr-FR', key, values);

/** A bank's pain.002 status report accepting these transfers (by their end-to-end id, the buyback code). */
function acceptance(messageId: string, codes: string[]): string {
  const transactions = codes.map((code) => `<TxInfAndSts><OrgnlEndToEndId>${code}</OrgnlEndToEndId><TxSts>ACSC</TxSts></TxInfAndSts>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.002.001.03"><CstmrPmtStsRpt><GrpHdr><MsgId>E2E-OK-${Date.now()}</MsgId><CreDtTm>${new Date().toISOString().slice(0, 19)}</CreDtTm></GrpHdr><OrgnlGrpInfAndSts><OrgnlMsgId>${messageId}</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>PART</GrpSts></OrgnlGrpInfAndSts><OrgnlPmtInfAndSts><OrgnlPmtInfId>${messageId}</OrgnlPmtInfId>${transactions}</OrgnlPmtInfAndSts></CstmrPmtStsRpt></Document>`;
}

test.describe('Given a bank transfer due', () => {
  // Its SEPA file must not take the other journey's transfer, nor the other's take its own (sepaTurn).
  let endTurn: () => void = () => undefined;
  test.beforeEach(async () => {
    endTurn = await sepaTurn();
  });
  test.afterEach(() => endTurn());

  test('When the retailer builds the next SEPA file and downloads it, then it carries the transfer, its payment is initiated, and the bank’s report pays it', async ({ page, request }) => {
    test.slow();
    const who = await people(request);
    const buyback = await completedBuyback(who, 'Virement');
    await paymentInStatus(who.retailer, buyback, 'payment_created');

    await signInWith(page, who.retailer);
    await page.goto('/dashboard/payments/transfer-files');
    await expect(page.getByRole('heading', { level: 1, name: text('title') })).toBeVisible({ timeout: 30_000 });

    // The debtor account: an IBAN that fails its check is refused at its field, in the API's words; a valid one is saved.
    const iban = page.getByTestId('debtor-iban');
    await iban.fill('FR76 3000 6000 0112 3456 7890 180');
    await page.getByTestId('debtor-save').click();
    await expect(page.getByTestId('debtor-iban-error')).toHaveText(apiMessage('fr-FR', 'IBAN_CHECKSUM_INVALID'));
    await iban.fill('FR76 3000 6000 0112 3456 7890 189');
    await page.getByTestId('debtor-name').fill('Boutique Démo SAS');
    await page.getByTestId('debtor-save').click();
    await expect(page.getByText(text('debtor.saved'))).toBeVisible();

    // Built: a new file, first in the list, ready to download.
    await expect(page.getByTestId('due-count')).toHaveText(/^[1-9]\d* virements? à émettre\.$/);
    await page.getByTestId('build-file').click();
    const built = page.getByText(/^Fichier \d+ créé/);
    await expect(built).toBeVisible();
    const number = Number(/^Fichier (\d+) créé/.exec((await built.textContent()) as string)?.[1]);
    const firstRow = page.getByTestId(`transfer-file-${number}`);
    await expect(page.getByTestId('transfer-files').locator('tbody tr').first()).toHaveAttribute('data-testid', `transfer-file-${number}`);
    await expect(firstRow.getByTestId('transfer-file-status')).toHaveText(text('statuses.ready'));
    const messageId = (await firstRow.locator('td').first().textContent()) as string;
    expect(messageId).toMatch(/^TF-\d{8}-\d{6}$/);

    // Downloaded: the XML names the buyback's code as end-to-end id, and the file is with the bank.
    const downloading = page.waitForEvent('download');
    await firstRow.getByTestId('download-file').click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${messageId}.xml`);
    const xml = readFileSync(await download.path(), 'utf8');
    expect(xml).toContain('urn:iso:std:iso:20022:tech:xsd:pain.001.001.03');
    expect(xml).toContain(`<MsgId>${messageId}</MsgId>`);
    expect(xml).toContain(`<EndToEndId>${buyback.identificationNumber}</EndToEndId>`);
    expect(xml).toContain('<DbtrAcct><Id><IBAN>FR7630006000011234567890189</IBAN></Id></DbtrAcct>');
    await expect(firstRow.getByTestId('transfer-file-status')).toHaveText(text('statuses.downloaded'));
    await paymentInStatus(who.retailer, buyback, 'payment_initiated');
    await expectAccessible(page);

    // The bank's report, imported from the row: the transfer is paid.
    const choosing = page.waitForEvent('filechooser');
    await firstRow.getByTestId('import-report').click();
    await (await choosing).setFiles({ name: 'report.xml', mimeType: 'application/xml', buffer: Buffer.from(acceptance(messageId, [buyback.identificationNumber])) });
    await expect(page.getByText(/Compte rendu importé : 1 payés/)).toBeVisible();
    await paymentInStatus(who.retailer, buyback, 'payment_completed');
  });
});
