import { readFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateXML } from 'xmllint-wasm';
import {
  type CreditTransferFileInput,
  SEPA_MAX_AMOUNT_CENTS,
  SepaFileError,
  type SepaTransaction,
  creditTransferFileChunks,
  writeCreditTransferFile,
} from '../../infrastructure/payments/sepa/credit-transfer-file.js';
import { syntheticFrenchIban, syntheticTransactions } from '../../infrastructure/payments/sepa/bench-helper.js';
import { toSepaCharacters } from '../../infrastructure/payments/sepa/sepa-text.js';

/**
 * The SEPA credit-transfer file (pain.001.001.03): what it writes is valid
 * against the ISO 20022 schema shipped beside it, its group header counts
 * and adds what follows, names reach the bank in the SEPA character set, and
 * a bad IBAN stops the file before a byte is written.
 */

const XSD = readFileSync(new URL('../../infrastructure/payments/sepa/pain.001.001.03.xsd', import.meta.url), 'utf8');

async function schemaErrors(xml: string): Promise<string[]> {
  const result = await validateXML({
    xml: [{ fileName: 'file.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.03.xsd', contents: XSD }],
  });
  return result.errors.map((e) => e.rawMessage);
}

/** A sink that keeps what it is given (the tests' files are small). */
function memorySink(): { sink: Writable; text: () => string; bytes: () => number } {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { sink, text: () => Buffer.concat(chunks).toString('utf8'), bytes: () => chunks.reduce((n, c) => n + c.length, 0) };
}

function input(transactions: SepaTransaction[], overrides: Partial<CreditTransferFileInput> = {}): CreditTransferFileInput {
  return {
    messageId: 'SEPA-2026-11-26-0001',
    createdAt: '2026-11-26T16:49:00Z',
    requestedExecutionDate: '2026-11-27',
    debtor: { name: 'Boutique Éléphant', iban: 'FR76 3000 6000 0112 3456 7890 189', bic: 'BNPAFRPP' },
    transactions: () => transactions,
    ...overrides,
  };
}

function payment(n: number, overrides: Partial<SepaTransaction> = {}): SepaTransaction {
  return {
    paymentId: `PAY-${n}`,
    buybackCode: `BB-2026-${String(n).padStart(5, '0')}`,
    amountCents: 10_000 + n,
    creditorName: `Seller ${n}`,
    creditorIban: syntheticFrenchIban(n),
    remittance: `Buyback BB-2026-${String(n).padStart(5, '0')}`,
    ...overrides,
  };
}

async function build(data: CreditTransferFileInput): Promise<string> {
  const { sink, text } = memorySink();
  await writeCreditTransferFile(data, sink);
  return text();
}

const all = (xml: string, tag: string): string[] => [...xml.matchAll(new RegExp(`<${tag}[^>]*>([^<]*)</${tag}>`, 'g'))].map((m) => m[1] ?? '');

function decimalOf(cents: bigint): string {
  return `${cents / 100n}.${String(cents % 100n).padStart(2, '0')}`;
}

describe('SEPA credit-transfer file (pain.001.001.03)', () => {
  it('one transaction: valid against the ISO 20022 schema, with its ids, amount, count and control sum', async () => {
    const xml = await build(input([payment(1, { amountCents: 123_456 })]));
    expect(await schemaErrors(xml)).toEqual([]);
    expect(all(xml, 'NbOfTxs')).toEqual(['1', '1']);
    expect(all(xml, 'CtrlSum')).toEqual(['1234.56', '1234.56']);
    expect(all(xml, 'InstdAmt')).toEqual(['1234.56']);
    expect(all(xml, 'InstrId')).toEqual(['PAY-1']);
    expect(all(xml, 'EndToEndId')).toEqual(['BB-2026-00001']);
    expect(all(xml, 'IBAN')).toEqual(['FR7630006000011234567890189', syntheticFrenchIban(1)]);
    expect(all(xml, 'BIC')).toEqual(['BNPAFRPP']);
    expect(all(xml, 'ReqdExctnDt')).toEqual(['2026-11-27']);
    expect(all(xml, 'CreDtTm')).toEqual(['2026-11-26T16:49:00Z']);
    // The schema check is not vacuous: a 36-character end-to-end id or a name over 140 characters fails it.
    expect(await schemaErrors(xml.replace('BB-2026-00001', 'B'.repeat(36)))).not.toEqual([]);
    expect(await schemaErrors(xml.replace('<Nm>Seller 1</Nm>', `<Nm>${'x'.repeat(141)}</Nm>`))).not.toEqual([]);
  });

  it('several transactions with accents and XML special characters: transliterated, escaped, cut, valid', async () => {
    const long = 'Société Générale des Téléphones Réparés et Reconditionnés de Côte-d’Or et du Morvan';
    const transactions = [
      payment(1, { creditorName: 'Hélène Düring', amountCents: 1 }),
      payment(2, { creditorName: `O'Brien & Fils <SARL> "Best"`, remittance: 'Rachat <iPhone> & "accessoires"' }),
      payment(3, { creditorName: 'Ærøskøbing Straße 𝒳 🙂', amountCents: 99_999 }),
      payment(4, { creditorName: long, remittance: '' }),
    ];
    const xml = await build(input(transactions, { debtor: { name: 'Bricolage & Cie', iban: syntheticFrenchIban(9) } }));
    expect(await schemaErrors(xml)).toEqual([]);
    const names = all(xml, 'Nm');
    expect(names.slice(0, 2)).toEqual(['Bricolage + Cie', 'Bricolage + Cie']);
    expect(names[2]).toBe('Helene During');
    expect(names[3]).toBe('O&apos;Brien + Fils SARL &apos;Best&apos;');
    expect(names[4]).toBe('AEroskobing Strasse');
    const cut = names[5]?.replaceAll('&apos;', "'");
    expect(cut).toBe(toSepaCharacters(long).slice(0, 70).trim());
    expect(cut).toBe("Societe Generale des Telephones Repares et Reconditionnes de Cote-d'Or");
    expect(cut?.length).toBeLessThanOrEqual(70);
    expect(all(xml, 'Ustrd')).toEqual(['Buyback BB-2026-00001', 'Rachat iPhone + &apos;accessoires&apos;', 'Buyback BB-2026-00003']);
    expect(xml).toContain('<Othr><Id>NOTPROVIDED</Id></Othr>');
    expect(all(xml, 'NbOfTxs')).toEqual(['4', '4']);
    const sum = transactions.reduce((s, t) => s + BigInt(t.amountCents), 0n);
    expect(all(xml, 'CtrlSum')).toEqual([decimalOf(sum), decimalOf(sum)]);
    expect(all(xml, 'InstdAmt')).toEqual(transactions.map((t) => decimalOf(BigInt(t.amountCents))));
    // Nothing outside the SEPA set in the texts written.
    for (const text of [...names, ...all(xml, 'Ustrd')]) expect(text.replaceAll('&apos;', "'")).toMatch(/^[A-Za-z0-9/\-?:().,'+ ]+$/);
  });

  it('a bad IBAN is refused, naming the payment, before anything is written', async () => {
    const { sink, bytes } = memorySink();
    const transactions = [payment(1), payment(2), payment(3, { creditorIban: 'FR7630006000011234567890188' })];
    const error = await writeCreditTransferFile(input(transactions), sink).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SepaFileError);
    expect((error as SepaFileError).code).toBe('SEPA_TRANSACTION_INVALID');
    expect((error as SepaFileError).details).toEqual({ paymentId: 'PAY-3', field: 'creditorIban', code: 'IBAN_CHECKSUM_INVALID' });
    expect(bytes()).toBe(0);
    // The chunk stream yields nothing either.
    const chunks: string[] = [];
    await expect(
      (async () => {
        for await (const chunk of creditTransferFileChunks(input(transactions))) chunks.push(chunk);
      })(),
    ).rejects.toThrow('SEPA_TRANSACTION_INVALID');
    expect(chunks).toEqual([]);
  });

  it('refuses a bad debtor IBAN, a non-UTC creation time, an amount that is not whole cents, and an empty file', async () => {
    const refusal = async (data: CreditTransferFileInput): Promise<SepaFileError> => {
      const error = await build(data).then(
        () => null,
        (e: unknown) => e,
      );
      if (!(error instanceof SepaFileError)) throw new Error(`expected a SepaFileError, got ${String(error)}`);
      return error;
    };
    expect((await refusal(input([payment(1)], { debtor: { name: 'Shop', iban: 'US12345678' } }))).details).toEqual({ field: 'iban', code: 'IBAN_COUNTRY_INVALID' });
    expect((await refusal(input([payment(1)], { createdAt: '2026-11-26T17:49:00+01:00' }))).details).toEqual({ field: 'createdAt' });
    expect((await refusal(input([payment(1, { amountCents: 12.5 })]))).details).toEqual({ paymentId: 'PAY-1', field: 'amountCents' });
    expect((await refusal(input([payment(1, { amountCents: SEPA_MAX_AMOUNT_CENTS + 1 })]))).details).toEqual({ paymentId: 'PAY-1', field: 'amountCents' });
    expect((await refusal(input([]))).code).toBe('SEPA_FILE_EMPTY');
  });

  it('throws SEPA_SOURCE_CHANGED when the second pass does not give what the first gave', async () => {
    let pass = 0;
    const data = input([], { transactions: () => (++pass === 1 ? [payment(1), payment(2)] : [payment(1)]) });
    await expect(build(data)).rejects.toMatchObject({ code: 'SEPA_SOURCE_CHANGED', details: { expected: { count: 2 }, actual: { count: 1 } } });
  });

  it('streams: 10,000 transactions arrive in bounded chunks through a sink that pushes back', async () => {
    let chunks = 0;
    let largest = 0;
    let total = 0;
    const slowSink = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        chunks += 1;
        largest = Math.max(largest, chunk.length);
        total += chunk.length;
        setImmediate(done);
      },
    });
    const summary = await writeCreditTransferFile(input([], { transactions: () => syntheticTransactions(10_000) }), slowSink);
    expect(summary.count).toBe(10_000);
    expect(summary.bytes).toBe(total);
    expect(chunks).toBeGreaterThan(20);
    expect(largest).toBeLessThan(80 * 1024);
    let expected = 0n;
    for (const t of syntheticTransactions(10_000)) expected += BigInt(t.amountCents);
    expect(summary.controlSumCents).toBe(expected);
  });

  it('property: the control sum is the sum of the amounts in cents, whatever the amounts', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: 1, max: SEPA_MAX_AMOUNT_CENTS }), { minLength: 1, maxLength: 40 }), async (amounts) => {
        const xml = await build(input(amounts.map((amountCents, i) => payment(i + 1, { amountCents }))));
        const sum = amounts.reduce((s, a) => s + BigInt(a), 0n);
        expect(all(xml, 'CtrlSum')).toEqual([decimalOf(sum), decimalOf(sum)]);
        expect(all(xml, 'NbOfTxs')).toEqual([String(amounts.length), String(amounts.length)]);
        // The written amounts add up to the control sum, read back from the text.
        const readBack = all(xml, 'InstdAmt').reduce((s, a) => s + BigInt(a.replace('.', '')), 0n);
        expect(readBack).toBe(sum);
        // CtrlSum is an ISO DecimalNumber: 18 digits at most.
        expect(decimalOf(sum).replace('.', '').replace(/^0+/, '').length).toBeLessThanOrEqual(18);
      }),
      { numRuns: 200 },
    );
  });
});
