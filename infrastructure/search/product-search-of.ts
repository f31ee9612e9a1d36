import type { Logger } from 'pino';
import type { DocumentStore } from '../../application/ports/document-store.js';
import type { AppConfig } from '../config.js';
import { EmbeddedProductSearch } from './embedded-product-search.js';
import { FollowedProductSearch } from './search-follower.js';
import { TypesenseProductSearch } from './typesense-product-search.js';

/** The search engine of the configuration (Typesense when TYPESENSE_URL is set, else the embedded one), following the search projection. */
export function productSearchOf(config: AppConfig, documents: DocumentStore, logger: Pick<Logger, 'info' | 'error'>): FollowedProductSearch {
  const { search } = config;
  if (search.engine === 'typesense') {
    const engine = new TypesenseProductSearch({ url: search.url, apiKey: search.apiKey, index: search.index, searchApiKey: search.searchApiKey });
    return new FollowedProductSearch(engine, documents, logger, { checkpointId: `typesense:${search.index}` });
  }
  return new FollowedProductSearch(new EmbeddedProductSearch(), documents, logger);
}
