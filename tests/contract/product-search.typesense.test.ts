/**
 * The product search contract against Typesense: the server at
 * TYPESENSE_URL (with TYPESENSE_API_KEY, its admin key; `docker compose up
 * typesense` starts one). Without a server that answers, the suite is
 * skipped visibly (never failed), and the title says why.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TypesenseProductSearch } from '../../infrastructure/search/typesense-product-search.js';
import { productSearchContract } from './product-search.contract.js';

const reason = await unreachable();

if (reason !== null) {
  console.warn(reason);
  describe.skip(reason, () => {
    it.skip(reason, () => undefined);
  });
} else {
  const open = () =>
    new TypesenseProductSearch({ url: process.env.TYPESENSE_URL as string, apiKey: process.env.TYPESENSE_API_KEY as string, index: `contract${randomUUID().slice(0, 8)}` });
  productSearchContract('TypesenseProductSearch', async () => {
    const index = open();
    return { index, cleanup: () => index.clear() };
  });

  describe('TypesenseProductSearch beyond the contract', () => {
    it('gives a scoped key naming the account’s collection, expiring when asked', async () => {
      const index = open();
      const expiresAt = new Date(Date.now() + 3_600_000);
      const key = await index.scopedSearchKey('account-1', expiresAt);
      expect(key.collection).toMatch(/_account-1$/);
      expect(key.token.length).toBeGreaterThan(20);
      expect(key.expiresAt).toBe(expiresAt.toISOString());
    });
  });
}

/** Why the suite cannot run here, or null when a server answers. */
async function unreachable(): Promise<string | null> {
  const url = process.env.TYPESENSE_URL;
  const apiKey = process.env.TYPESENSE_API_KEY;
  if (!url || !apiKey) return 'Typesense contract skipped: TYPESENSE_URL and TYPESENSE_API_KEY are not set (docker compose up typesense starts a server)';
  try {
    const healthy = await Promise.race([
      new TypesenseProductSearch({ url, apiKey, index: 'probe' }).healthy(),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no answer within 3 s')), 3_000).unref()),
    ]);
    return healthy ? null : `Typesense contract skipped: the server at ${url} is not healthy`;
  } catch (error) {
    return `Typesense contract skipped: the server at ${url} did not answer (${(error as Error).message})`;
  }
}
