import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** Who answers: the replica (REPLICA_ID, else host:pid) and the role it was started with. */
export interface ProcessIdentity {
  replica: string;
  role: string;
}

/** What the lag and backlog gauges read, as the health route reads them. */
export interface BackgroundSources {
  lastGlobalPosition(): Promise<number>;
  projections(): Promise<ReadonlyArray<{ name: string; lag: number }>>;
  processManagers(): Promise<ReadonlyArray<{ name: string; lag: number }>>;
  workers(): Promise<ReadonlyArray<{ name: string; backlog: number }>>;
}

/** Request latency buckets, in seconds: a list read is a few ms, a command tens, an export's first chunk may take seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5];

/**
 * The node process's own metrics (CPU, memory, event-loop delay, GC): one
 * set per process, whatever the number of platforms it runs (the tests run
 * hundreds), merged into each platform's answer.
 */
let processRegistry: Registry | null = null;
function processMetrics(identity: ProcessIdentity): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    processRegistry.setDefaultLabels({ replica: identity.replica, role: identity.role });
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The platform's metrics in the Prometheus format (prom-client): requests
 * per route template (never a raw path: the series are bounded by the code,
 * not by the data) and status, their latency per route, command
 * outcomes, throttle refusals, read-your-writes timeouts, and, read when
 * scraped, the projections' and process managers' lag and the background
 * queues' backlog. Served by GET /api/metrics (platform.monitor) and, with
 * METRICS_PORT, on a port of its own (metrics-server.ts).
 */
export class PlatformMetrics {
  private readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly latency: Histogram<'method' | 'route'>;
  private readonly commands: Counter<'operation' | 'outcome'>;
  private readonly throttled: Counter<'route'>;
  private readonly readYourWritesTimeouts: Counter;
  private readonly storefrontPages: Counter<'outcome'>;
  private sources: BackgroundSources | null = null;

  constructor(readonly identity: ProcessIdentity) {
    this.registry.setDefaultLabels({ replica: identity.replica, role: identity.role });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'API requests by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.latency = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'How long API requests took to answer, by method and route template',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers: [this.registry],
    });
    this.commands = new Counter({
      name: 'command_outcomes_total',
      help: 'Commands (API writes) by operation and outcome: accepted (2xx/3xx), refused (4xx: a rule, a bad input, a stale revision) or failed (5xx)',
      labelNames: ['operation', 'outcome'],
      registers: [this.registry],
    });
    this.throttled = new Counter({
      name: 'throttle_refusals_total',
      help: 'Requests refused by a throttle (429), by route template',
      labelNames: ['route'],
      registers: [this.registry],
    });
    this.readYourWritesTimeouts = new Counter({
      name: 'read_your_writes_timeouts_total',
      help: "Commands answered before the read models reached their events (the bounded wait ran out)",
      registers: [this.registry],
    });
    this.storefrontPages = new Counter({
      name: 'storefront_pages_total',
      help: "Storefront pages served, by how: hit (from the kept rendered pages), miss (rendered now) or skipped (sent unrendered: a page the server does not render, the render threads busy, a render failed or too slow)",
      labelNames: ['outcome'],
      registers: [this.registry],
    });
    // Read when scraped; `this` inside collect() is the gauge.
    const sources = () => this.sources;
    new Gauge({
      name: 'event_store_last_position',
      help: "The event store's last global position",
      registers: [this.registry],
      async collect() {
        const from = sources();
        if (from) this.set(await from.lastGlobalPosition());
      },
    });
    new Gauge({
      name: 'projection_lag_events',
      help: 'Events each projection has still to apply',
      labelNames: ['projection'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const p of (await sources()?.projections()) ?? []) this.set({ projection: p.name }, p.lag);
      },
    });
    new Gauge({
      name: 'process_manager_lag_events',
      help: 'Events each process manager has still to handle',
      labelNames: ['manager'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const m of (await sources()?.processManagers()) ?? []) this.set({ manager: m.name }, m.lag);
      },
    });
    new Gauge({
      name: 'worker_backlog',
      help: 'Work waiting in each background queue (labels to make, jobs to run)',
      labelNames: ['worker'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const w of (await sources()?.workers()) ?? []) this.set({ worker: w.name }, w.backlog);
      },
    });
  }

  /** A storefront page served (infrastructure/http/storefront-render.ts, its X-Storefront-Render header). */
  storefrontPage(outcome: 'hit' | 'miss' | 'skipped'): void {
    this.storefrontPages.inc({ outcome });
  }

  /** The background parts whose lag and backlog are read when the metrics are. */
  watch(sources: BackgroundSources): void {
    this.sources = sources;
  }

  /** One API request answered: `route` is its template (`/buybacks/{id}`), `unmatched` when none. */
  requestAnswered(request: { method: string; route: string; status: number; seconds: number; command: boolean; operation: string | null }): void {
    const { method, route, status, seconds } = request;
    this.requests.inc({ method, route, status: String(status) });
    this.latency.observe({ method, route }, seconds);
    if (status === 429) this.throttled.inc({ route });
    if (request.command && request.operation) {
      this.commands.inc({ operation: request.operation, outcome: status >= 500 ? 'failed' : status >= 400 ? 'refused' : 'accepted' });
    }
  }

  readYourWritesTimedOut(): void {
    this.readYourWritesTimeouts.inc();
  }

  readonly contentType = this.registry.contentType;

  /** The exposition text: this platform's metrics and the process's. */
  async render(): Promise<string> {
    // Concatenated rather than merged (Registry.merge would drop each registry's replica and role labels): the names never overlap.
    return `${await this.registry.metrics()}\n${await processMetrics(this.identity).metrics()}`;
  }
}
