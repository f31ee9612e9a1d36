/**
 * The SQLite adapter's blue-green replacement beyond the contract: another
 * process on the same file (the CLI beside a running server) and a reopened
 * file read the replacement by its declared indexes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IndexSpec } from '../../application/ports/document-store.js';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';

const byStatus: IndexSpec[] = [{ name: 'by_status', fields: [['status', 1], ['_id', 1]] }];

describe('SqliteDocumentStore replacing a collection', () => {
  it('When one store replaces a collection another store on the file reads, then the other reads the new documents by the declared index, and so does a reopened store', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'document-store-replace-'));
    const path = join(directory, 'read-models.db');
    try {
      const server = new SqliteDocumentStore({ path });
      const tool = new SqliteDocumentStore({ path });
      await server.collection('items').ensureIndexes(byStatus);
      await server.collection('items').upsert({ _id: 'old', status: 'a' });
      expect(await server.collection('items').count({ status: 'a' }, { hint: 'by_status' })).toBe(1);

      await tool.collection('items__next').upsert({ _id: 'new', status: 'a' });
      await tool.collection('items__next').ensureIndexes(byStatus);
      await tool.replaceCollection('items', 'items__next');

      const items = server.collection('items');
      expect((await items.find({ status: 'a' }, { hint: 'by_status' })).map((d) => d._id)).toEqual(['new']);
      expect(server.explain('items', { status: 'a' }, { hint: 'by_status' }).join('\n')).toMatch(/USING (COVERING )?INDEX items__next__by_status/);
      await items.ensureIndexes(byStatus);
      await items.upsert({ _id: 'later', status: 'a' });
      expect(await items.count({ status: 'a' }, { hint: 'by_status' })).toBe(2);
      await server.close();
      await tool.close();

      const reopened = new SqliteDocumentStore({ path });
      expect(await reopened.collection('items').count({ status: 'a' }, { hint: 'by_status' })).toBe(2);
      // The name the replacement had is free again: a collection of that name starts empty, with indexes of its own.
      await reopened.collection('items__next').ensureIndexes(byStatus);
      expect(await reopened.collection('items__next').count({})).toBe(0);
      await reopened.collection('items__next').upsert({ _id: 'other', status: 'a' });
      expect(await reopened.collection('items__next').count({ status: 'a' }, { hint: 'by_status' })).toBe(1);
      await reopened.collection('items').ensureIndexes(byStatus);
      expect((await reopened.collection('items').find({ status: 'a' }, { hint: 'by_status' })).map((d) => d._id)).toEqual(['later', 'new']);
      await reopened.close();
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
