import type { Collection, DocumentStore, StoredDocument } from '../ports/document-store.js';

/**
 * One document per projection: the rebuild queued or running for it, or
 * none (`rebuildId` null). Taken with the store's compare-and-set, so that of
 * two `api` replicas asked at the same moment exactly one queues the rebuild
 * (issue 25); released by the projector when the rebuild ends.
 */
export const REBUILD_CLAIMS_COLLECTION = 'rebuild_claims';
/** A claim whose rebuild was never stored (its replica died in between) is free after this. */
const UNSTORED_CLAIM_MS = 60_000;

interface RebuildClaim extends StoredDocument {
  rebuildId: string | null;
  at: string;
}

export type RebuildStatusOf = (rebuildId: string) => Promise<string | null>;

export class RebuildClaims {
  constructor(
    private readonly documents: DocumentStore,
    private readonly now: () => string,
  ) {}

  private get claims(): Collection<RebuildClaim> {
    return this.documents.collection<RebuildClaim>(REBUILD_CLAIMS_COLLECTION);
  }

  /**
   * Claims every projection for its rebuild, all or none: the projections
   * already claimed by a live rebuild, or [] when all were claimed.
   */
  async claimAll(wanted: ReadonlyArray<{ projection: string; rebuildId: string }>, statusOf: RebuildStatusOf): Promise<string[]> {
    const taken: Array<{ projection: string; rebuildId: string }> = [];
    const busy: string[] = [];
    for (const claim of wanted) {
      if (await this.claim(claim.projection, claim.rebuildId, statusOf)) taken.push(claim);
      else busy.push(claim.projection);
    }
    if (busy.length > 0) for (const claim of taken) await this.release(claim.projection, claim.rebuildId);
    return busy;
  }

  /** The projection is free again, if `rebuildId` still holds it. */
  async release(projection: string, rebuildId: string): Promise<void> {
    await this.claims.replaceWhere({ _id: projection, rebuildId: null, at: this.now() }, { rebuildId });
  }

  private async claim(projection: string, rebuildId: string, statusOf: RebuildStatusOf): Promise<boolean> {
    const mine: RebuildClaim = { _id: projection, rebuildId, at: this.now() };
    if (await this.claims.insert(mine)) return true;
    const held = await this.claims.get(projection);
    if (!held) return this.claims.insert(mine);
    if (held.rebuildId === null) return this.claims.replaceWhere(mine, { rebuildId: null });
    // Held: free only when its rebuild has ended (a release lost with its process) or was never stored.
    const status = await statusOf(held.rebuildId);
    const ended = status === 'finished' || status === 'failed';
    const neverStored = status === null && Date.parse(mine.at) - Date.parse(held.at) > UNSTORED_CLAIM_MS;
    return (ended || neverStored) && this.claims.replaceWhere(mine, { rebuildId: held.rebuildId, at: held.at });
  }
}
