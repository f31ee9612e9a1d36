import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';

/** What the entry's renderStorefrontPage is asked (ui/storefront/app/server.tsx's StorefrontRequest). */
export interface RenderTask {
  url: string;
  apiBaseUrl: string;
  language: string | null;
  accountId: string | null;
  headers: Record<string, string>;
  /** The visitor's confirmations cookie's value: the confirmation page is rendered from it, for that visitor alone. */
  confirmations?: string | null;
}

/** What it answers (ui/storefront/app/server.tsx's RenderedPage). */
export interface RenderedPage {
  html: string;
  head: string;
  state: string;
  language: string;
  htmlStyle: string;
}

export interface RenderPoolOptions {
  /** Worker threads rendering at once (one page each at a time); default: the cores but one, at most two, at least one. */
  threads?: number;
  /** Renders waiting for a thread past which a page is not rendered (sent as index.html); default: two per thread. */
  queue?: number;
  /** A render still running after this is stopped (its thread replaced): nothing the render waits for may hold a thread for ever. */
  abandonAfterMs?: number;
}

export interface RenderPool {
  /** Rejects at once when the pool is saturated (every thread busy, the queue full). */
  render(task: RenderTask): Promise<RenderedPage | null>;
  close(): Promise<void>;
}

const DEFAULT_ABANDON_AFTER_MS = 20_000;
/** Piscina's refusals when every thread is busy and the queue full (its errors carry no code). */
const SATURATED = /^(Task queue is at limit|No task queue available and all Workers are busy)$/;

/** Every thread busy, the queue full: expected under load, not a failure to report. */
export class RenderPoolBusy extends Error {
  constructor() {
    super('every storefront render thread is busy and the queue is full');
  }
}

/**
 * The storefront's renders run in worker threads (piscina), never on the
 * server's event loop: a render costs hundreds of milliseconds of CPU, during
 * which the loop must answer every other request. Each thread loads the UI
 * build's server entry once and renders one page at a time (the entry keeps
 * only per-request state; one at a time keeps any module's value of the
 * storefront's own code out of another render's reach). Bounded in threads
 * and queue: past them the caller sends the page unrendered.
 */
export function renderPool(entryUrl: string, options: RenderPoolOptions = {}): RenderPool {
  const threads = options.threads ?? Math.max(1, Math.min(2, availableParallelism() - 1));
  const pool = new Piscina<RenderTask, RenderedPage | null>({
    filename: entryUrl,
    name: 'renderStorefrontPage',
    minThreads: threads,
    maxThreads: threads,
    maxQueue: options.queue ?? threads * 2,
    concurrentTasksPerWorker: 1,
    // The renders wait on the API (fetch): the threads' event loops must run between tasks, not block in Atomics.wait.
    atomics: 'disabled',
    idleTimeout: Number.POSITIVE_INFINITY,
  });
  const abandonAfter = options.abandonAfterMs ?? DEFAULT_ABANDON_AFTER_MS;
  return {
    render: (task) =>
      pool.run(task, { signal: AbortSignal.timeout(abandonAfter) }).catch((error: unknown) => {
        throw error instanceof Error && SATURATED.test(error.message) ? new RenderPoolBusy() : error;
      }),
    close: () => pool.destroy(),
  };
}
