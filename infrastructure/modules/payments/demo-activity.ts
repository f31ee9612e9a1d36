import { TOKENS } from '../../../application/tokens.js';
import { BuybackPorts } from '../../../application/buybacks/buyback-ports.js';
import { registerBuyback } from '../../../application/buybacks/commands/register-buyback.js';
import type { CatalogService } from '../../../application/catalog/catalog-service.js';
import type { Clock, IdGenerator } from '../../../application/ports/clock.js';
import type { DocumentStore } from '../../../application/ports/document-store.js';
import type { EventStore } from '../../../application/ports/event-store.js';
import { setDebtorAccount } from '../../../application/payments/transfer-files.js';
import { buildTransferFile } from '../../../application/payments/build-transfer-file.js';
import { downloadTransferFile, importStatusReport } from '../../../application/payments/settle-transfer-file.js';
import { relaunchPayment } from '../../../application/payments/commands/relaunch-payment.js';
import type { DemoActivityContext } from '../../seed/demo-activity.js';
import { CATALOG_DEMO_IDS } from '../catalog/demo-data.js';
import { ORGANIZATION_DEMO_IDS } from '../organizations/demo-data.js';
import { customerOf } from '../warehouse/demo-activity.js';
import { transferFileDepsOf } from './transfer-file-wiring.js';

const RETAILER = 'retailer@demo.test';
const SELLER = 'seller@demo.test';

/**
 * The demo's payments, after the warehouse's weeks (whose completed and
 * lost devices made their payments due by bank transfer): the retailer's
 * debtor account; a voucher handed over in the Paris store (paid at
 * registration); a first SEPA file downloaded a week ago, whose bank report
 * paid most, rejected two (a closed account, failed; a wrong IBAN, relaunched
 * once the customer gave a new one, in the next file) and left one pending
 * at the bank; a second file built and ready to download. So every status a
 * payment reaches through the screens is on show, and a SEPA file can be
 * downloaded at once.
 */
export async function paymentsDemoActivity(context: DemoActivityContext): Promise<void> {
  const { container, clock, settle } = context;
  const child = container.createChildContainer();
  child.register(TOKENS.Clock, { useValue: clock });
  const buybacks = child.resolve(BuybackPorts);
  const files = transferFileDepsOf(child);
  const commands = {
    eventStore: child.resolve<EventStore>(TOKENS.EventStore),
    documents: child.resolve<DocumentStore>(TOKENS.DocumentStore),
    clock: child.resolve<Clock>(TOKENS.Clock),
    ids: child.resolve<IdGenerator>(TOKENS.IdGenerator),
  };
  const retailer = await context.actAs(RETAILER, 'root');
  const seller = await context.actAs(SELLER, 'tim');
  const catalog = container.resolve<CatalogService>(TOKENS.CatalogService);

  clock.at(-9, 9);
  await settle((await setDebtorAccount.run(files, retailer, { name: 'Demo Retail SAS', iban: 'FR7630004000031234567890143', bic: 'BNPAFRPPXXX' })).position);

  // A voucher handed over at the counter: paid at registration, its code on the buyback and its document.
  clock.at(-8, 15, 20);
  const product = await catalog.product(seller.principal, CATALOG_DEMO_IDS.products.iphone13_128);
  const questions = await catalog.questionsFor(product);
  const voucher = await registerBuyback.run(buybacks, seller, {
    channel: 'store',
    storeId: ORGANIZATION_DEMO_IDS.stores.paris,
    productId: product._id,
    responses: questions.map((q) => ({ questionId: q._id, answerIds: [(q.answers.find((a) => !a.blocksEstimate) ?? q.answers[0])?.id as string] })),
    circuitId: CATALOG_DEMO_IDS.circuits.demo.store_drop,
    shippingMethodId: CATALOG_DEMO_IDS.shippingMethods.demo.storeDrop,
    paymentModeId: CATALOG_DEMO_IDS.paymentModes.demo.voucher,
    customer: customerOf('Camille', 'Lefèvre'),
  });
  await settle(voucher.position);

  // The first file: downloaded (its payments initiated), then the bank's report.
  clock.at(-7, 10);
  const first = await buildTransferFile.run(files, retailer, {});
  await settle(first.position);
  clock.later(15);
  const downloaded = await downloadTransferFile(files, retailer, first.id);
  await settle(downloaded.position);
  const [closed, rejected, pending, ...accepted] = downloaded.payments;
  clock.at(-5, 8, 30);
  await importStatusReport(files, retailer, first.id, {
    messageId: `DEMO-REPORT-${first.number}`,
    originalMessageId: first.messageId,
    groupStatus: 'PART',
    groupReasonCode: null,
    lines: [
      ...(closed ? [{ endToEndId: closed.buybackCode, status: 'RJCT', reasonCode: 'AC04', information: 'Compte clôturé' }] : []),
      ...(rejected ? [{ endToEndId: rejected.buybackCode, status: 'RJCT', reasonCode: 'AC01', information: 'IBAN incorrect' }] : []),
      ...(pending ? [{ endToEndId: pending.buybackCode, status: 'PDNG', reasonCode: null, information: null }] : []),
      ...accepted.map((entry) => ({ endToEndId: entry.buybackCode, status: 'ACSC', reasonCode: null, information: null })),
    ],
  });
  await settle(await commands.eventStore.lastGlobalPosition());

  // The rejected one, relaunched once the customer gave a new IBAN: due again, in the next file, ready to download.
  if (rejected) {
    clock.at(-2, 11);
    await settle((await relaunchPayment.run(commands, retailer, { paymentId: rejected.paymentId, reason: 'Nouveau RIB transmis par le client.' })).position);
  }
  clock.at(-1, 9);
  const next = await buildTransferFile.run(files, retailer, {});
  await settle(next.position);
}
