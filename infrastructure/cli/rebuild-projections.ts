/**
 * `npm run rebuild-projections [-- name...]`: drops the named read models (all
 * when none is named) and replays every event into them, with DATA_DIR and the
 * rest of the configuration read from the environment as `npm start` does.
 * Can run while the server runs on the same SQLite files (WAL): each document
 * remembers the stream revisions it applied, so the server applying the same
 * events meanwhile changes nothing twice. Meanwhile the read model being
 * rebuilt is incomplete (the server's reads see it fill up, its batches retry
 * while the table is dropped), and two processes writing projections have no
 * compare-and-set: a document the server updates in the very millisecond this
 * tool writes it can lose that update until the next rebuild. Stop the server
 * for a rebuild that must be exact.
 */
import { performance } from 'node:perf_hooks';
import { openCliStores, runCli } from './open-stores.js';

await runCli(async () => {
  const requested = process.argv.slice(2).filter((arg) => arg !== '--');
  const stores = await openCliStores();
  try {
    const valid = stores.runner.projections.map((p) => p.name);
    const unknown = requested.filter((name) => !valid.includes(name));
    if (unknown.length > 0) {
      console.error(`Unknown projection${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
      console.error(`Valid names: ${valid.join(', ')}`);
      return 1;
    }
    const names = requested.length > 0 ? [...new Set(requested)] : valid;
    console.log(`Rebuilding ${names.length} projection(s) from ${stores.config.dataDir}`);
    if ((await stores.eventStore.lastGlobalPosition()) === 0) console.error('The event store is empty: is DATA_DIR right?');
    for (const name of names) {
      const started = performance.now();
      const result = await stores.runner.rebuild(name);
      const ms = Math.round(performance.now() - started);
      console.log(`${result.name}: ${result.events} events replayed, position ${result.position}, ${ms} ms`);
    }
    return 0;
  } finally {
    await stores.close();
  }
});
