import { Writable } from 'node:stream';
import { ibanMod97 } from '../../../domain/values/iban.js';
import { type SepaTransaction, writeCreditTransferFile } from './credit-transfer-file.js';

/**
 * For `npm run bench`: builds a SEPA file of `count` synthetic due payments
 * into a sink that discards the bytes, and says how long it took and how
 * much the resident memory grew (sampled every 10 ms: the peak, not the
 * end). Nothing is held: the transactions are generated on each pass.
 */

/** A valid French IBAN for account number `n` (RIB key and IBAN check digits computed). */
export function syntheticFrenchIban(n: number): string {
  const bank = '30006';
  const branch = '00001';
  const account = String(n % 100_000_000_000).padStart(11, '0');
  const ribKey = 97 - ((89 * Number(bank) + 15 * Number(branch) + 3 * Number(account)) % 97);
  const bban = `${bank}${branch}${account}${String(ribKey).padStart(2, '0')}`;
  const check = 98 - ibanMod97(`FR00${bban}`);
  return `FR${String(check).padStart(2, '0')}${bban}`;
}

/** `count` payments with accented names, amounts from 0.01 € to 9,999.99 €. */
export function* syntheticTransactions(count: number): Generator<SepaTransaction> {
  for (let i = 1; i <= count; i += 1) {
    yield {
      paymentId: `PAY-${String(i).padStart(10, '0')}`,
      buybackCode: `BB${String(i).padStart(8, '0')}`,
      amountCents: ((i * 7919) % 999_999) + 1,
      creditorName: `Hélène Dupré-Lefèvre ${i}`,
      creditorIban: syntheticFrenchIban(i),
      remittance: `Rachat BB${String(i).padStart(8, '0')} – téléphone reconditionné`,
    };
  }
}

export interface SepaBenchResult {
  count: number;
  milliseconds: number;
  bytes: number;
  peakRssGrowthBytes: number;
}

/** Writes a file of `count` synthetic payments to a null sink; measures time and peak RSS growth. */
export async function benchSepaFile(count: number): Promise<SepaBenchResult> {
  const nullSink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const rssBefore = process.memoryUsage.rss();
  let peak = rssBefore;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss());
  }, 10);
  const started = performance.now();
  try {
    const summary = await writeCreditTransferFile(
      {
        messageId: 'BENCH-0001',
        createdAt: '2026-11-26T16:00:00Z',
        requestedExecutionDate: '2026-11-27',
        debtor: { name: 'Boutique Éléphant & Fils', iban: syntheticFrenchIban(0), bic: 'BNPAFRPP' },
        transactions: () => syntheticTransactions(count),
      },
      nullSink,
    );
    const milliseconds = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage.rss());
    return { count: summary.count, milliseconds, bytes: summary.bytes, peakRssGrowthBytes: peak - rssBefore };
  } finally {
    clearInterval(sampler);
  }
}
