/**
 * A bounded histogram of durations, so that a week's median and 90th
 * percentile time from creation to completion are read from its counts, not
 * computed over its buybacks per request. Buckets grow geometrically by 10 %
 * from one minute up to two years (at most 148 buckets, whatever the number
 * of buybacks); a quantile answers its bucket's geometric middle, within
 * 5 % of the true value. Kept sparse: bucket index (as text) → count.
 */
export type DurationHistogram = Readonly<Record<string, number>>;

const GROWTH = 1.1;
const LOG_GROWTH = Math.log(GROWTH);
/** Two years, in minutes: a longer duration counts in the last bucket. */
export const LONGEST_MINUTES = 2 * 366 * 24 * 60;
export const LAST_BUCKET = bucketOf(LONGEST_MINUTES);

/** The bucket of a duration in minutes: 0 below one minute, then one per 10 % of growth. */
export function bucketOf(minutes: number): number {
  if (!(minutes >= 1)) return 0;
  const capped = Math.min(minutes, LONGEST_MINUTES);
  return 1 + Math.floor(Math.log(capped) / LOG_GROWTH + 1e-9);
}

/** What a bucket stands for, in minutes: the geometric middle of its bounds (0 for bucket 0). */
export function minutesOfBucket(bucket: number): number {
  if (bucket <= 0) return 0;
  return GROWTH ** (bucket - 1 + 0.5);
}

/** The number of durations the histogram holds. */
export function countOf(histogram: DurationHistogram): number {
  return Object.values(histogram).reduce((sum, count) => sum + count, 0);
}

/**
 * The q-quantile (0 < q ≤ 1) in minutes, rounded, by the nearest-rank rule
 * (the smallest value with at least q of the durations at or below it); null
 * when the histogram is empty.
 */
export function quantileMinutes(histogram: DurationHistogram, q: number): number | null {
  const total = countOf(histogram);
  if (total === 0) return null;
  const rank = Math.max(1, Math.ceil(q * total));
  const buckets = Object.keys(histogram)
    .map(Number)
    .sort((a, b) => a - b);
  let seen = 0;
  for (const bucket of buckets) {
    seen += histogram[String(bucket)] ?? 0;
    if (seen >= rank) return Math.round(minutesOfBucket(bucket));
  }
  return Math.round(minutesOfBucket(buckets[buckets.length - 1] as number));
}
