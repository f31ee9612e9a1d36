/**
 * `npm run rebuild-projections [-- name...]`: rebuilds the named read models
 * (all when none is named) from the first event, with DATA_DIR and the rest
 * of the configuration read from the environment as `npm start` does. The
 * same blue-green rebuild as the support page's (ProjectionRunner.rebuild):
 * each read model is built into a collection of its own, then takes the live
 * one's place in one step, so a server running on the same files (SQLite,
 * WAL) keeps serving the old read model until then. This tool cannot pause
 * another process's live loop: an event the server applies in the instant
 * between this tool's last read of the log and the switch is missing from the
 * new read model until the next rebuild. Stop the server, or rebuild from the
 * support page (the server's own runner pauses its loop for the switch), for
 * a rebuild that must be exact to the event.
 *
 * Rebuilding `catalog-search` also reindexes Typesense from the rebuilt
 * documents when TYPESENSE_URL is set; the embedded search engine lives in
 * the server's memory and loads from them at its next start (or at once with
 * the client form's reindex).
 */
import { performance } from 'node:perf_hooks';
import { openCliStores, runCli } from './open-stores.js';
import { SEARCH_PROJECTION } from '../../application/catalog/search-read-model.js';
import { productSearchOf } from '../search/product-search-of.js';

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
    if (names.includes(SEARCH_PROJECTION) && stores.config.search.engine === 'typesense') {
      await productSearchOf(stores.config, stores.documents, { info: () => undefined, error: (object: object) => console.error(object) }).reindex();
      console.log('Typesense reindexed from the search projection');
    }
    return 0;
  } finally {
    await stores.close();
  }
});
