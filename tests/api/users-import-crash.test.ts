import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectHealthHeld, healthDuring, JobServer, progressReaches } from '../support/job-server.js';
import { settled, upload } from '../support/user-import-helpers.js';

/**
 * The users import against the real server in its own process (what
 * `npm start` runs): a file of 5,000 rows is checked while GET /api/health
 * is timed all along, then its run is killed (SIGKILL) part-way between two
 * rows; started again, the import shows interrupted, and a new run creates
 * exactly the users still missing: each row's user once, none twice.
 */

const ROWS = 5_000;
const INVALID_EVERY = 50;
/**
 * The thresholds: 50 ms at the 95th percentile and 300 ms at most, as the
 * verification jobs' test; on a machine whose two cores are shared with
 * other test runs, GET /api/health alone is timed first, and three times
 * its own p95 and maximum are allowed when they are larger.
 */
const HEALTH_P95_MS = 50;
const HEALTH_MAX_MS = 300;
const LOAD_FACTOR = 3;

let server: JobServer;
const stamp = Date.now().toString(36);

/** `rows` rows, every 50th with a bad e-mail; the others alternate a store seller in Paris and an operator in Orléans. */
function file(rows: number, domain: string): string {
  const lines = ['email;firstname;lastname;module;role;entity;status;locale'];
  for (let i = 0; i < rows; i++) {
    const email = i % INVALID_EVERY === 0 ? `bad-${i}-at-${domain}` : `user${i}@${domain}`;
    lines.push(i % 2 === 0 ? `${email};Prénom${i};Nom${i};tim;store_seller;DR-PAR-001;;` : `${email};Voornaam${i};Achternaam${i};rps;warehouse_operator;DR-WH-ORL;;nl-BE`);
  }
  return lines.join('\r\n');
}
const validOf = (rows: number) => rows - rows / INVALID_EVERY;
/** The crash is met by a smaller file: creating and inviting a user takes some milliseconds, and the run gives half the loop away. */
const CRASH_ROWS = 600;

async function usersOf(domain: string): Promise<number> {
  const answer = await server.retailer.get(`/users?email=${encodeURIComponent(domain)}&itemsPerPage=1`);
  expect(answer.status).toBe(200);
  return answer.body.totalItems as number;
}

beforeAll(async () => {
  server = await JobServer.start('users-import');
}, 120_000);

afterAll(() => server.stop());

describe('Given files of users', () => {
  it(`When it is checked, then GET /api/health answers all along (p95 under ${HEALTH_P95_MS} ms, maximum under ${HEALTH_MAX_MS} ms, or ${LOAD_FACTOR} times the machine's own) and the preview counts every row`, async () => {
    const { result: preview, times } = await healthDuring(server.base, async () => {
      const started = await upload(server.retailer, file(ROWS, `health-${stamp}.example.com`));
      expect(started.status).toBe(202);
      return settled(server.retailer, started.body.id, '?filter=invalid&limit=1', 120_000);
    });
    expect(preview.status).toBe('ready');
    expect(preview.counts).toEqual({ rows: ROWS, valid: validOf(ROWS), invalid: ROWS / INVALID_EVERY });
    expect(preview.rows.items[0].errors[0].code).toBe('email_invalid');
    expectHealthHeld(times, `${ROWS} rows were checked`, { p95Ms: HEALTH_P95_MS, maxMs: HEALTH_MAX_MS, loadFactor: LOAD_FACTOR });
  }, 180_000);

  it('When a run is killed between two rows and run again after the restart, then every valid row’s user exists once and no one twice', async () => {
    const domain = `crash-${stamp}.example.com`;
    const started = await upload(server.retailer, file(CRASH_ROWS, domain));
    const importId = started.body.id as string;
    expect((await settled(server.retailer, importId, '?limit=1')).status).toBe('ready');
    expect((await server.retailer.post(`/users/imports/${importId}/run`)).status).toBe(202);
    // Killed once some users are created, long before all are.
    await progressReaches(async () => (await server.retailer.get(`/users/imports/${importId}?limit=1`)).body.job.progress.done, 50, 'the run');
    await server.crashAndRestart();
    const before = await usersOf(domain);
    expect(before).toBeGreaterThan(0);
    expect(before).toBeLessThan(validOf(CRASH_ROWS));

    // Its job's heartbeat stopped with the process: a sweep (every beat, 1 s here) fails it once 5 s have passed without one.
    const interrupted = await settled(server.retailer, importId, '?limit=1', 90_000);
    expect(interrupted.status).toBe('interrupted');
    expect(interrupted.job.error.code).toBe('JOB_INTERRUPTED');

    expect((await server.retailer.post(`/users/imports/${importId}/run`)).status).toBe(202);
    const done = await settled(server.retailer, importId, '?limit=1', 180_000);
    expect(done.status).toBe('done');
    expect(done.report.created + done.report.alreadyCreated).toBe(validOf(CRASH_ROWS));
    expect(done.report.alreadyCreated).toBe(before);
    expect(done.report.skipped).toBe(CRASH_ROWS / INVALID_EVERY);
    // Every user created was invited once: by the first run, or by the second for whoever the crash left uninvited.
    expect(done.report.invited).toBeGreaterThanOrEqual(done.report.created);
    expect(await usersOf(domain)).toBe(validOf(CRASH_ROWS));
  }, 360_000);
});
