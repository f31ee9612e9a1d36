import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FORGOTTEN } from '../../application/ports/personal-data.js';
import type { SubjectKeyStore } from '../../application/ports/security.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { AesGcmPersonalDataVault } from '../../infrastructure/security/aes-gcm-vault.js';
import { DocumentSubjectKeyStore } from '../../infrastructure/security/document-subject-key-store.js';

/**
 * The revealer a projection pass uses: bulk reveals that read each subject's
 * key once, with the same answers as `reveal`, and without ever keeping a key
 * beyond its own life.
 */

/** The real key store, counting its reads. */
class CountingKeyStore implements SubjectKeyStore {
  reads = 0;
  manyReads = 0;

  constructor(private readonly inner: SubjectKeyStore) {}

  getOrCreate(subjectId: string) {
    return this.inner.getOrCreate(subjectId);
  }
  get(subjectId: string) {
    this.reads += 1;
    return this.inner.get(subjectId);
  }
  getMany(subjectIds: readonly string[]) {
    this.manyReads += 1;
    return this.inner.getMany(subjectIds);
  }
  delete(subjectId: string) {
    return this.inner.delete(subjectId);
  }
}

let keyDocuments: SqliteDocumentStore;
let keys: CountingKeyStore;
let vault: AesGcmPersonalDataVault;

beforeEach(() => {
  keyDocuments = new SqliteDocumentStore({ path: ':memory:' });
  keys = new CountingKeyStore(new DocumentSubjectKeyStore(keyDocuments));
  vault = new AesGcmPersonalDataVault(keys, randomBytes(32));
});
afterEach(async () => {
  await keyDocuments.close();
});

const person = (name: string) => ({ firstName: name, lastName: `${name}son`, iban: null, identity: { type: 'passport', number: name.toUpperCase() } });

/** A value as read back from the log: a copy, not the envelope object the vault sealed (see the last test). */
const fromLog = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

async function registration(subjectId: string, name: string) {
  return fromLog({ buybackId: `buyback-of-${name}`, product: { label: 'iPhone 13' }, responses: [{ questionId: 'q1', value: 'yes' }], customerSubjectId: subjectId, customer: await vault.seal(subjectId, person(name)) });
}

describe('Revealer', () => {
  it('opens what reveal opens, reading the keys of a call in one query, and hands back untouched values as they are', async () => {
    const alice = await registration('subject-a', 'alice');
    const values: Array<Record<string, unknown>> = [
      alice,
      { buybackId: 'b-2', trackingNumber: 'TRK' },
      await registration('subject-b', 'bob'),
      fromLog({ nested: [{ deep: await vault.seal('subject-a', { note: 'second secret' }) }], kept: { plain: true } }),
      await registration('subject-a', 'alice-again'),
    ];
    const expected = await Promise.all(values.map((value) => vault.reveal(value)));
    keys.reads = 0;

    const revealed = await vault.revealer().revealAll(values);
    expect(revealed).toEqual(expected);
    expect(revealed[0]).toMatchObject({ customer: person('alice') });
    expect(keys.manyReads).toBe(1);
    expect(keys.reads).toBe(0);
    // Nothing sealed: the very same object. Sealed: a copy, the original stays sealed, the rest is shared.
    expect(revealed[1]).toBe(values[1]);
    expect(revealed[0]).not.toBe(values[0]);
    expect(alice.customer).toMatchObject({ $sealed: 'v1' });
    expect(revealed[0]?.product).toBe(alice.product);
    expect(revealed[3]?.kept).toBe(values[3]?.kept);
  });

  it('reads a subject’s key once for its whole life, and no key when nothing is sealed', async () => {
    const revealer = vault.revealer();
    const first = await registration('subject-a', 'alice');
    const second = await registration('subject-a', 'alice-later');
    expect(await revealer.revealAll([{ nothing: 'sealed' }])).toEqual([{ nothing: 'sealed' }]);
    expect(keys.manyReads).toBe(0);
    await revealer.revealAll([first]);
    const [again] = await revealer.revealAll([second]);
    expect(again).toMatchObject({ customer: person('alice-later') });
    expect(keys.manyReads + keys.reads).toBe(1);
  });

  it('reveals a forgotten subject as FORGOTTEN, and a new revealer never holds a key deleted before it', async () => {
    const value = await registration('subject-a', 'alice');
    const before = vault.revealer();
    expect(await before.revealAll([value])).toEqual([{ ...value, customer: person('alice') }]);

    await vault.forget('subject-a');
    expect(await vault.revealer().revealAll([value])).toEqual([{ ...value, customer: FORGOTTEN }]);
    expect(await vault.reveal(value)).toEqual({ ...value, customer: FORGOTTEN });
  });

  it('opens the data of a subject forgotten then back with a new key, even when it held the old key', async () => {
    const revealer = vault.revealer();
    const old = await registration('subject-a', 'alice');
    expect(await revealer.revealAll([old])).toEqual([{ ...old, customer: person('alice') }]);

    await vault.forget('subject-a');
    const comeback = await registration('subject-a', 'alice-returns');
    keys.reads = 0;
    const [revealed] = await revealer.revealAll([comeback]);
    // The held key does not open it: the revealer reads the subject's key again, once.
    expect(revealed).toEqual({ ...comeback, customer: person('alice-returns') });
    expect(keys.reads).toBe(1);
    // The old data stays forgotten for any revealer that starts now.
    expect(await vault.revealer().revealAll([old, comeback])).toEqual([
      { ...old, customer: FORGOTTEN },
      { ...comeback, customer: person('alice-returns') },
    ]);
  });

  it('opens the data of a subject it first met without a key', async () => {
    const revealer = vault.revealer();
    const orphan = fromLog({ customer: { ...(await vault.seal('subject-b', person('bob'))), subjectId: 'subject-new' } });
    expect(await revealer.revealAll([orphan])).toEqual([{ customer: FORGOTTEN }]);
    const later = await registration('subject-new', 'newcomer');
    expect(await revealer.revealAll([later])).toEqual([{ ...later, customer: person('newcomer') }]);
  });

  it('opens an envelope this vault sealed (the live projection of an event this process appended) without a key, until a forget', async () => {
    const value = { buybackId: 'b-live', customerSubjectId: 'subject-a', customer: await vault.seal('subject-a', person('alice')) };
    const other = { buybackId: 'b-other', customerSubjectId: 'subject-b', customer: await vault.seal('subject-b', person('bob')) };
    keys.reads = 0;
    keys.manyReads = 0;
    expect(await vault.revealer().revealAll([value, other])).toEqual([
      { ...value, customer: person('alice') },
      { ...other, customer: person('bob') },
    ]);
    expect(keys.manyReads + keys.reads).toBe(0);
    // A copy of the same envelope (read back from the log) is opened with the key, to the same data.
    expect(await vault.revealer().revealAll([fromLog(value)])).toEqual([{ ...value, customer: person('alice') }]);
    expect(keys.manyReads).toBe(1);

    // After any forget, even of someone else, the in-memory openings no longer count: the key store decides.
    await vault.forget('subject-a');
    expect(await vault.revealer().revealAll([value, other])).toEqual([
      { ...value, customer: FORGOTTEN },
      { ...other, customer: person('bob') },
    ]);
  });
});
