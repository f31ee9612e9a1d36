import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { csvRecords } from '../../infrastructure/modules/settings/export-sources.js';
import { JobQueue } from '../../application/jobs/job-queue.js';
import type { Principal } from '../../application/organizations/principal.js';
import { exportFile, startDataExport, type DataExportDeps, type ExportSource } from '../../application/settings/exports/data-exports.js';
import { DATA_EXPORT_CHUNKS_COLLECTION, DATA_EXPORTS_COLLECTION, type DataExportDocument } from '../../application/settings/exports/export-document.js';
import { ExportResumer } from '../../application/settings/exports/export-resumer.js';

/**
 * An organization's data export interrupted for real part-way: the job
 * worker stops while the job is between its chunks (its first chunks
 * written, the rest not). Its file is refused until the resumer writes it
 * again from the start as the next attempt; the file then holds every row
 * exactly once, and the first attempt's chunks are gone.
 */
const ROWS = 2_000;
const silent = { error: () => undefined, warn: () => undefined };
const principal: Principal = {
  kind: 'user',
  userId: null,
  accountId: 'acc',
  module: 'root',
  userType: 'root_management_unit_manager',
  organizationId: 'root',
  permissions: new Set(['fake.export']),
  visibleStoreIds: null,
};

let store: SqliteDocumentStore;
let queue: JobQueue;

afterEach(async () => {
  await queue?.stop();
  await store?.close();
});

/** A source of ROWS rows; while `gate` is set, it waits for it after the first chunk's rows. */
function source(control: { gate: Promise<void> | null; opened: number }): ExportSource {
  return {
    permission: 'fake.export',
    dated: false,
    count: async () => ROWS,
    async open() {
      control.opened++;
      async function* rows() {
        for (let i = 0; i < ROWS; i++) {
          if (i === 600 && control.gate) await control.gate;
          yield [`row ${i}`, '=not a formula'];
        }
      }
      return { header: ['name', 'value'], rows: rows() };
    },
  };
}

const eventually = async (check: () => Promise<boolean>, what: string) => {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(what);
};

describe('Given an export whose job worker stops part-way', () => {
  it('When the resumer looks, then it is written again from the start as one correct file, never served half', async () => {
    store = new SqliteDocumentStore({ path: ':memory:' });
    await store.collection('organizations').upsert({ _id: 'root', accountId: 'acc', type: 'root_management_unit', commonName: 'Root', parentOrganizationId: null });
    const clock = { now: () => new Date().toISOString() };
    queue = new JobQueue(store, clock, silent, async () => undefined, { heartbeatMs: 20, staleMs: 1_000 });
    queue.start();
    let release: () => void = () => undefined;
    const control = { gate: new Promise<void>((resolve) => (release = resolve)) as Promise<void> | null, opened: 0 };
    let ids = 0;
    const deps: DataExportDeps = {
      documents: store,
      clock,
      ids: { uuid: () => `00000000-0000-4000-8000-${String(++ids).padStart(12, '0')}`, digits: (count) => '7'.repeat(count), secret: () => 'not-a-secret' },
      jobs: queue,
      sources: { buybacks: source(control), items: source(control), payments: source(control) },
      csv: csvRecords,
    };
    const exports = store.collection<DataExportDocument>(DATA_EXPORTS_COLLECTION);
    const chunks = store.collection(DATA_EXPORT_CHUNKS_COLLECTION);

    const started = await startDataExport(deps, principal, { organizationId: 'root', kind: 'buybacks', filters: {}, locale: 'fr-FR', timeZone: 'UTC' });
    await eventually(async () => (await chunks.count({ exportId: started._id, attempt: 0 })) >= 1, 'the first chunk was never written');
    // The worker stops part-way: at the job's next pause (after its first chunk, or its second if it was waiting for rows) it stops, interrupted.
    const stopping = queue.stop();
    control.gate = null;
    release();
    await stopping;
    const half = await chunks.count({ exportId: started._id, attempt: 0 });
    expect(half).toBeGreaterThanOrEqual(1);
    expect(half).toBeLessThan(ROWS / 500);
    expect((await queue.get(started.jobId))?.error?.code).toBe('JOB_INTERRUPTED');
    expect((await exports.get(started._id))?.status).toBe('in_progress');
    await expect(exportFile(deps, principal, started._id)).rejects.toMatchObject({ code: 'DATA_EXPORT_NOT_READY' });

    queue.start();
    await new ExportResumer(deps, silent, { intervalMs: 1_000, staleMs: 1_000 }).look();
    await eventually(async () => (await exports.get(started._id))?.status === 'success', 'the export was not written again');
    const done = (await exports.get(started._id)) as DataExportDocument;
    expect(done).toMatchObject({ attempt: 1, rows: ROWS, error: null });
    expect(control.opened).toBe(2);
    expect(await chunks.count({ exportId: started._id, attempt: 0 })).toBe(0);

    let text = '';
    for await (const part of (await exportFile(deps, principal, started._id)).data) text += part;
    expect(Buffer.byteLength(text)).toBe(done.bytes);
    expect(text.startsWith('\uFEFFname;value\r\n')).toBe(true);
    const lines = text.slice(1).split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(ROWS + 1);
    expect(new Set(lines.slice(1).map((line) => line.split(';')[0])).size).toBe(ROWS);
    expect(lines[1]).toBe("row 0;'=not a formula");
  });
});
