import 'reflect-metadata';
import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredDocument } from '../../application/ports/document-store.js';
import { WAREHOUSE_COLLECTIONS } from '../../application/warehouse/read-models.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { loadMarginItems } from '../../bench/items-margin.js';
import { itemFactory } from '../../bench/item-data.js';
import { closePlatform, openPlatform } from '../../bench/platform.js';
import { seededRandom } from '../../bench/support.js';

/** Enough items for every status and economics shape of the spread (with and without a margin). */
const ITEMS = 300;
const folders: string[] = [];

afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

async function platformFolder(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tradein-bulk-items-'));
  folders.push(dir);
  await closePlatform(await openPlatform(dir));
  return dir;
}

/** What the items collection holds: through the port, and as stored (JSON text, path kinds, index definitions). */
async function contents(dir: string) {
  const store = new SqliteDocumentStore({ path: join(dir, 'read-models.db') });
  const documents = (await store.collection(WAREHOUSE_COLLECTIONS.items).find({})).sort((a: StoredDocument, b: StoredDocument) => (a._id < b._id ? -1 : 1));
  await store.close();
  const db = new Database(join(dir, 'read-models.db'), { readonly: true });
  const table = WAREHOUSE_COLLECTIONS.items;
  const raw = {
    rows: db.prepare(`SELECT id, doc FROM "${table}" ORDER BY id`).all(),
    pathKinds: db.prepare('SELECT path, kind FROM "_path_kinds" WHERE collection = ? ORDER BY 1, 2').all(table),
    indexes: db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? ORDER BY name").all(table),
  };
  db.close();
  return { documents, raw };
}

describe('Given the items-margin benchmark’s bulk load (bench/items-margin.ts, loadMarginItems)', () => {
  it('when it loads item documents into the platform’s read models, then the port and the stored rows are those the document store’s writeBatch leaves', async () => {
    const [reference, bulk] = [await platformFolder(), await platformFolder()];
    const store = new SqliteDocumentStore({ path: join(reference, 'read-models.db') });
    const factory = itemFactory(seededRandom(21), Date.parse('2026-11-01T18:00:00Z'), ITEMS);
    await store.writeBatch(Array.from({ length: ITEMS }, (_, index) => ({ kind: 'upsert' as const, collection: WAREHOUSE_COLLECTIONS.items, document: factory.item(index).document })));
    await store.close();

    const load = await loadMarginItems(bulk, ITEMS);

    const [expected, actual] = [await contents(reference), await contents(bulk)];
    expect(load.written).toBe(ITEMS);
    // Every index the platform made, its primary key's aside (kept through the load).
    expect(load.indexes).toBe((expected.raw.indexes as Array<{ sql: string | null }>).filter((index) => index.sql !== null).length);
    expect(actual.documents).toEqual(expected.documents);
    expect(actual.raw).toEqual(expected.raw);
    expect(load.withMargin).toBe(expected.documents.filter((document) => document.margin !== null).length);
    expect(load.withMargin).toBeGreaterThan(0);
  });
});
