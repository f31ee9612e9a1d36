import { afterEach, describe, expect, it } from 'vitest';
import { SqliteDocumentStore } from '../../infrastructure/document-store/sqlite-document-store.js';
import { ApplicationError } from '../../application/commands/errors.js';
import { JobQueue, JOB_FAILED, JOB_INTERRUPTED, type JobWork } from '../../application/jobs/job-queue.js';
import { JOBS_COLLECTION, type JobDocument } from '../../application/jobs/jobs.js';

const owner = { accountId: 'acc', organizationId: 'wh', userId: 'u' };
const silent = { error: () => undefined, warn: () => undefined };

let store: SqliteDocumentStore;
let queue: JobQueue | null = null;

function started(options: { now?: () => string; staleMs?: number; heartbeatMs?: number } = {}) {
  store = new SqliteDocumentStore({ path: ':memory:' });
  const clock = { now: options.now ?? (() => new Date().toISOString()) };
  const waited: number[] = [];
  queue = new JobQueue(store, clock, silent, async (position) => void waited.push(position), {
    heartbeatMs: options.heartbeatMs ?? 20,
    staleMs: options.staleMs ?? 1_000,
  });
  queue.start();
  return { queue, waited, jobs: store.collection<JobDocument>(JOBS_COLLECTION) };
}

afterEach(async () => {
  await queue?.stop();
  queue = null;
  await store?.close();
});

const until = async (read: () => Promise<JobDocument | null>, done: (job: JobDocument | null) => boolean) => {
  for (let i = 0; i < 200; i++) {
    const job = await read();
    if (done(job)) return job as JobDocument;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('not reached');
};

describe('Given the job queue', () => {
  it('When a job runs, then it goes queued, running (with its progress), done with its result, after waiting for the read models to reach what it wrote', async () => {
    const { queue, waited, jobs } = started();
    const seen: string[] = [];
    const work: JobWork<{ sum: number }> = async (control) => {
      for (let i = 1; i <= 4; i++) {
        control.progress(i * 25);
        await control.pause();
        seen.push((await jobs.get('j1'))!.status);
      }
      return { result: { sum: 10 }, position: 42 };
    };
    const { job, created } = await queue.submit({ id: 'j1', kind: 'test', owner, total: 100 }, work);
    expect(created).toBe(true);
    expect(job).toMatchObject({ status: 'queued', progress: { done: 0, total: 100 }, owner });
    const done = await until(() => jobs.get('j1'), (j) => j?.status === 'done');
    expect(done).toMatchObject({ status: 'done', result: { sum: 10 }, error: null, progress: { done: 100, total: 100 } });
    expect(seen.every((status) => status === 'running')).toBe(true);
    expect(waited).toEqual([42]);
  });

  it('When two jobs are submitted, then the second waits until the first is done: one at a time', async () => {
    const { queue, jobs } = started();
    const order: string[] = [];
    const work = (name: string): JobWork<null> => async (control) => {
      order.push(`${name}:start`);
      await control.pause();
      await control.pause();
      order.push(`${name}:end`);
      return { result: null, position: null };
    };
    await queue.submit({ id: 'a', kind: 'test', owner, total: 1 }, work('a'));
    await queue.submit({ id: 'b', kind: 'test', owner, total: 1 }, work('b'));
    expect((await jobs.get('b'))!.status).toBe('queued');
    await queue.idle();
    expect(order).toEqual(['a:start', 'a:end', 'b:start', 'b:end']);
  });

  it('When a job with the same id is submitted again, then the first is answered and nothing runs twice', async () => {
    const { queue } = started();
    let runs = 0;
    const work: JobWork<null> = async () => {
      runs++;
      return { result: null, position: null };
    };
    await queue.submit({ id: 'same', kind: 'test', owner, total: 1 }, work);
    await queue.idle();
    const again = await queue.submit({ id: 'same', kind: 'test', owner, total: 1 }, work);
    expect(again.created).toBe(false);
    expect(again.job.status).toBe('done');
    expect(runs).toBe(1);
  });

  it('When the work refuses its input, then the job fails with the refusal’s code and details; a fault fails it JOB_FAILED', async () => {
    const { queue, jobs } = started();
    await queue.submit({ id: 'refused', kind: 'test', owner, total: 1 }, async () => {
      throw new ApplicationError('VERIFICATION_CODE_INVALID', { line: 7 });
    });
    await queue.submit({ id: 'fault', kind: 'test', owner, total: 1 }, async () => {
      throw new TypeError('undefined is not a function');
    });
    await queue.idle();
    expect(await jobs.get('refused')).toMatchObject({ status: 'failed', result: null, error: { code: 'VERIFICATION_CODE_INVALID', details: { line: 7 } } });
    expect(await jobs.get('fault')).toMatchObject({ status: 'failed', error: { code: JOB_FAILED, details: {} } });
  });

  it('When a job was left running by a process whose heartbeat stopped, then it is failed JOB_INTERRUPTED; a live one is left alone', async () => {
    const { jobs } = started({ staleMs: 1_000 });
    const base = { kind: 'test', progress: { done: 3, total: 10 }, result: null, error: null, owner, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' };
    await jobs.upsert({ _id: 'dead', status: 'running', heartbeatAt: new Date(Date.now() - 60_000).toISOString(), ...base });
    await jobs.upsert({ _id: 'alive', status: 'running', heartbeatAt: new Date(Date.now() + 60_000).toISOString(), ...base });
    const dead = await until(() => jobs.get('dead'), (j) => j?.status === 'failed');
    expect(dead).toMatchObject({ error: { code: JOB_INTERRUPTED }, progress: { done: 3, total: 10 } });
    expect((await jobs.get('alive'))!.status).toBe('running');
  });

  it('When the queue stops while a job runs, then the job stops at its next pause and fails JOB_INTERRUPTED, and a queued one with it', async () => {
    const { queue, jobs } = started();
    const endless: JobWork<null> = async (control) => {
      for (;;) await control.pause();
    };
    await queue.submit({ id: 'running', kind: 'test', owner, total: 1 }, endless);
    await queue.submit({ id: 'waiting', kind: 'test', owner, total: 1 }, endless);
    await until(() => jobs.get('running'), (j) => j?.status === 'running');
    await queue.stop();
    expect(await jobs.get('running')).toMatchObject({ status: 'failed', error: { code: JOB_INTERRUPTED } });
    expect(await jobs.get('waiting')).toMatchObject({ status: 'failed', error: { code: JOB_INTERRUPTED } });
  });
});
