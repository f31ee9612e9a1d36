import { LRUCache } from 'lru-cache';
import type { DocumentStore } from '../../application/ports/document-store.js';
import { ChangeMarks } from '../reference-cache/change-marks.js';

export interface RenderCacheOptions {
  /** Pages kept at most (the least recently served forgotten first). */
  maxEntries?: number;
  /** Their HTML's total size at most, in UTF-16 code units. */
  maxSize?: number;
  /** A rendered page is rendered again past this, even if nothing it shows was marked changed. */
  ttlMs?: number;
  /** A page the render left to the browser is asked again past this (a passing failure of the API must not last). */
  notRenderedTtlMs?: number;
}

const DEFAULTS = { maxEntries: 1_000, maxSize: 64 * 1024 * 1024, ttlMs: 5 * 60_000, notRenderedTtlMs: 30_000 } as const;

/** A page as kept: its whole HTML, or null when the render left it to the browser. */
interface Kept {
  html: string | null;
}

/**
 * The storefront's rendered pages, kept per key (the tenant × the visitor's
 * language cookie × the page's address: everything a render reads; no page
 * the render answers depends on the visitor's own data, app/paths.ts's
 * SERVER_RENDERED), bounded in count and size (LRU) and in age (TTL).
 *
 * **Never older than the retailer's data.** Every write to the reference
 * collections (the accounts and their settings, the catalogue) leaves a mark
 * (reference-cache/change-marks.ts); `fresh()`, before each page is looked
 * up, reads the marks and forgets every page when one moved, in this process
 * or another. A render begun before a change is not kept (it may have read
 * the old data), as CachingDocumentStore keeps no read a write overlapped.
 */
export class RenderedPageCache {
  private readonly pages: LRUCache<string, Kept>;
  private readonly rendering = new Map<string, Promise<string | null>>();
  private readonly marks: ChangeMarks | null;
  private readonly notRenderedTtlMs: number;
  /** Moves at each forgetting: a render begun before it is not kept. */
  private generation = 0;

  constructor(documents: DocumentStore | null, options: RenderCacheOptions = {}) {
    const settings = { ...DEFAULTS, ...options };
    this.pages = new LRUCache<string, Kept>({
      max: settings.maxEntries,
      maxSize: settings.maxSize,
      sizeCalculation: (kept, key) => key.length + (kept.html?.length ?? 0),
      ttl: settings.ttlMs,
    });
    this.notRenderedTtlMs = settings.notRenderedTtlMs;
    this.marks = documents ? new ChangeMarks(documents, () => this.forget(), 0) : null;
  }

  static key(tenant: string | null, language: string | null, url: string): string {
    return `${tenant ?? ''}\u0000${language ?? ''}\u0000${url}`;
  }

  /** Looks at the change marks (a look begun after this call); false if they could not be read (nothing is served from memory then). */
  async fresh(): Promise<boolean> {
    if (!this.marks) return true;
    return this.marks.refresh().then(
      () => true,
      () => false,
    );
  }

  get(key: string): Kept | undefined {
    return this.pages.get(key);
  }

  /** The page rendered by `work`, shared by the requests for the same page meanwhile; kept unless the data changed during it. */
  render(key: string, work: () => Promise<string | null>): Promise<string | null> {
    // A render begun before the last change is not shared with the requests after it.
    const generation = this.generation;
    const joined = `${generation}\u0000${key}`;
    const running = this.rendering.get(joined);
    if (running) return running;
    const rendered = work()
      .then((html) => {
        if (generation === this.generation) this.pages.set(key, { html }, html === null ? { ttl: this.notRenderedTtlMs } : {});
        return html;
      })
      .finally(() => this.rendering.delete(joined));
    this.rendering.set(joined, rendered);
    return rendered;
  }

  private forget(): void {
    this.generation++;
    this.pages.clear();
  }
}
