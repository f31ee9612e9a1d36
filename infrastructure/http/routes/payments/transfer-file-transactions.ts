import type { DocumentStore } from '../../../../application/ports/document-store.js';
import { BUYBACKS_COLLECTION, type BuybackDocument } from '../../../../application/buybacks/read-models.js';
import { isForgotten } from '../../../../application/ports/personal-data.js';
import type { Creditor } from '../../../../application/payments/settle-transfer-file.js';
import type { TransferFileEntry } from '../../../../domain/payments/transfer-file.js';
import type { SepaTransaction } from '../../../payments/sepa/credit-transfer-file.js';

/** Buybacks read per query while the file is written. */
const BATCH = 500;

/**
 * A file's transactions, in its order: each payment with its customer's
 * name and IBAN read from the buyback (never stored with the file), a batch
 * of buybacks at a time, so a file of 10,000 payments never holds them all.
 * The instruction id is the payment id without its hyphens (a SEPA
 * identifier has at most 35 characters).
 */
export async function* transferFileTransactions(
  documents: DocumentStore,
  payments: readonly TransferFileEntry[],
  creditors: ReadonlyMap<string, Creditor> | null = null,
): AsyncGenerator<SepaTransaction> {
  if (creditors) {
    yield* checkedTransactions(payments, creditors);
    return;
  }
  const buybacks = documents.collection<BuybackDocument>(BUYBACKS_COLLECTION);
  for (let start = 0; start < payments.length; start += BATCH) {
    const batch = payments.slice(start, start + BATCH);
    const found = new Map((await buybacks.getMany(batch.map((p) => p.buybackId))).map((b) => [b._id, b]));
    for (const payment of batch) {
      const customer = found.get(payment.buybackId)?.customer;
      const known = customer && !isForgotten(customer) ? customer : null;
      yield {
        paymentId: payment.paymentId.replaceAll('-', ''),
        buybackCode: payment.buybackCode,
        amountCents: payment.amountInCents,
        creditorName: known ? `${known.firstName} ${known.lastName}` : '',
        creditorIban: known?.iban ?? '',
        remittance: `Rachat ${payment.buybackCode}`,
      };
    }
  }
}

/**
 * The first download's transactions, from the creditors it checked before
 * initiating (the same name and IBAN): no buyback read, so the XML does not
 * wait for the read models applying its initiations.
 */
function* checkedTransactions(payments: readonly TransferFileEntry[], creditors: ReadonlyMap<string, Creditor>): Generator<SepaTransaction> {
  for (const payment of payments) {
    const creditor = creditors.get(payment.paymentId);
    yield {
      paymentId: payment.paymentId.replaceAll('-', ''),
      buybackCode: payment.buybackCode,
      amountCents: payment.amountInCents,
      creditorName: creditor?.name ?? '',
      creditorIban: creditor?.iban ?? '',
      remittance: `Rachat ${payment.buybackCode}`,
    };
  }
}
