/**
 * Shared helpers of the benchmarks: the result shape, statistics, an RSS
 * sampler, temporary folders and a seeded random generator.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type DetailValue = string | number | boolean | null;

export interface BenchResult {
  name: string;
  /** What `value` and `baseline` measure, with the unit. */
  metric: string;
  value: number;
  baseline: number;
  /** value / baseline. */
  ratio: number;
  /** The target in words, e.g. "ratio ≥ 0.50". */
  target: string;
  pass: boolean;
  details: Record<string, DetailValue>;
}

/** One benchmark: one result, or several measured on the same data (the warehouse's check-in and list). */
export type Benchmark = () => Promise<BenchResult | BenchResult[]>;

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))] as number;
}

export function round(value: number, digits = 2): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export const MB = 1024 * 1024;

/**
 * Peak resident set size, sampled on a timer and wherever a synchronous loop
 * calls `sample()` (SQLite work blocks the event loop, so the timer alone would
 * miss peaks inside it).
 */
export class RssSampler {
  private peak = 0;
  private readonly timer: NodeJS.Timeout;

  constructor(intervalMs = 20) {
    this.sample();
    this.timer = setInterval(() => this.sample(), intervalMs);
    this.timer.unref();
  }

  sample(): void {
    const rss = process.memoryUsage.rss();
    if (rss > this.peak) this.peak = rss;
  }

  /** Stops sampling; returns the peak in MB. */
  stop(): number {
    this.sample();
    clearInterval(this.timer);
    return round(this.peak / MB, 1);
  }
}

/** The process-wide maximum RSS the OS recorded (each benchmark runs in its own process). */
export function maxRssMb(): number {
  return round((process.resourceUsage().maxRSS * 1024) / MB, 1);
}

export function tempDir(prefix: string): { path: string; remove(): void } {
  const path = mkdtempSync(join(tmpdir(), `tradein-bench-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** mulberry32: a small seeded generator, so every run builds the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)] as T;
}

/** Picks by weight: `[[item, weight], …]`. */
export function weighted<T>(random: () => number, items: ReadonlyArray<readonly [T, number]>): T {
  const total = items.reduce((sum, [, weight]) => sum + weight, 0);
  let draw = random() * total;
  for (const [item, weight] of items) {
    draw -= weight;
    if (draw < 0) return item;
  }
  return (items[items.length - 1] as readonly [T, number])[0];
}

/** A version-4-shaped UUID from the seeded generator. */
export function seededUuid(random: () => number): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${(8 + Math.floor(random() * 4)).toString(16)}${hex(3)}-${hex(12)}`;
}

export function log(message: string): void {
  console.log(`  [${new Date().toISOString().slice(11, 19)}] ${message}`);
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
