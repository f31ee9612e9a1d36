import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { DocumentSubjectKeyStore } from '../../infrastructure/security/document-subject-key-store.js';
import { AesGcmPersonalDataVault } from '../../infrastructure/security/aes-gcm-vault.js';

describe('DocumentSubjectKeyStore', () => {
  const stores: SqliteDocumentStore[] = [];
  const open = () => {
    const documents = new SqliteDocumentStore({ path: ':memory:', secureDelete: true });
    stores.push(documents);
    return { documents, keys: new DocumentSubjectKeyStore(documents) };
  };

  afterEach(async () => {
    for (const store of stores.splice(0)) await store.close();
  });

  it('Given a new subject, When two requests ask for its key at once, Then both get the same key, the one stored', async () => {
    const { keys } = open();

    const [first, second] = await Promise.all([keys.getOrCreate('subject-1'), keys.getOrCreate('subject-1')]);

    expect(first.equals(second)).toBe(true);
    expect((await keys.get('subject-1'))?.equals(first)).toBe(true);
  });

  it('Given two processes (two key stores on one database), When both create a new subject\'s key at once, Then both get the one stored', async () => {
    const { documents, keys } = open();
    const otherProcess = new DocumentSubjectKeyStore(documents);

    const [mine, theirs] = await Promise.all([keys.getOrCreate('subject-1'), otherProcess.getOrCreate('subject-1')]);

    expect(mine.equals(theirs)).toBe(true);
    expect((await keys.get('subject-1'))?.equals(mine)).toBe(true);
  });

  it('Given a new subject, When two buybacks seal its data at once, Then both open with the stored key', async () => {
    const { keys } = open();
    const vault = new AesGcmPersonalDataVault(keys, Buffer.alloc(32, 7));

    const [a, b] = await Promise.all([vault.seal('subject-1', { name: 'Camille' }), vault.seal('subject-1', { name: 'Camille D.' })]);

    expect(await vault.reveal(a)).toEqual({ name: 'Camille' });
    expect(await vault.reveal(b)).toEqual({ name: 'Camille D.' });
  });

  it('Given several new subjects created in one turn, When their keys are read back, Then each has its own key, and an existing key is kept', async () => {
    const { keys } = open();
    const existing = await keys.getOrCreate('subject-0');

    const created = await Promise.all(['subject-0', 'subject-1', 'subject-2', 'subject-3'].map((id) => keys.getOrCreate(id)));

    expect(created[0]!.equals(existing)).toBe(true);
    expect(new Set(created.map((key) => key.toString('base64'))).size).toBe(4);
    const stored = await keys.getMany(['subject-0', 'subject-1', 'subject-2', 'subject-3']);
    for (const [index, key] of created.entries()) expect(stored.get(`subject-${index}`)?.equals(key)).toBe(true);
  });

  it('Given a forgotten subject, When it comes back, Then it gets a new key', async () => {
    const { keys } = open();
    const before = await keys.getOrCreate('subject-1');

    await keys.delete('subject-1');
    const after = await keys.getOrCreate('subject-1');

    expect(after.equals(before)).toBe(false);
    expect((await keys.get('subject-1'))?.equals(after)).toBe(true);
  });

  it('Given a key store whose database is closed, When new keys are asked for, Then every request fails', async () => {
    const { documents, keys } = open();
    await keys.getOrCreate('subject-0');
    await documents.close();
    stores.splice(0);

    const outcomes = await Promise.allSettled([keys.getOrCreate('subject-1'), keys.getOrCreate('subject-2')]);

    expect(outcomes.every((outcome) => outcome.status === 'rejected')).toBe(true);
  });
});
