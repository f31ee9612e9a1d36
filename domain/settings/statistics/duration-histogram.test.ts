import { describe, expect, it } from 'vitest';
import { bucketOf, LAST_BUCKET, quantileMinutes, type DurationHistogram } from './duration-histogram.js';

function histogramOf(minutes: readonly number[]): DurationHistogram {
  const histogram: Record<string, number> = {};
  for (const value of minutes) histogram[String(bucketOf(value))] = (histogram[String(bucketOf(value))] ?? 0) + 1;
  return histogram;
}

function exactQuantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(1, Math.ceil(q * sorted.length)) - 1] as number;
}

describe('the completion time histogram', () => {
  it('has no median of nothing', () => {
    expect(quantileMinutes({}, 0.5)).toBeNull();
  });

  it('reads the median and the 90th percentile within 5 % of the exact values', () => {
    // Given durations from 20 minutes to 30 days, skewed like a buyback's (most done in days, a tail in weeks)
    const values = Array.from({ length: 1_000 }, (_, i) => Math.round(20 + (i / 1_000) ** 3 * 43_200));
    const histogram = histogramOf(values);
    for (const q of [0.5, 0.9]) {
      const exact = exactQuantile(values, q);
      const read = quantileMinutes(histogram, q) as number;
      expect(Math.abs(read - exact) / exact, `q=${q}: ${read} against ${exact}`).toBeLessThanOrEqual(0.05);
    }
  });

  it('nearest rank: of ten durations, the median is the fifth and the p90 the ninth', () => {
    const values = [60, 120, 180, 240, 300, 360, 420, 480, 540, 6000];
    const histogram = histogramOf(values);
    expect(Math.abs((quantileMinutes(histogram, 0.5) as number) - 300)).toBeLessThanOrEqual(15);
    expect(Math.abs((quantileMinutes(histogram, 0.9) as number) - 540)).toBeLessThanOrEqual(27);
  });

  it('stays bounded: under a minute is one bucket, over two years the last', () => {
    expect(bucketOf(0)).toBe(0);
    expect(bucketOf(0.5)).toBe(0);
    expect(bucketOf(1)).toBe(1);
    expect(bucketOf(10_000_000)).toBe(LAST_BUCKET);
    expect(LAST_BUCKET).toBeLessThan(150);
  });
});
