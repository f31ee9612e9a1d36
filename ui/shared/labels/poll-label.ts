/**
 * Label readiness (specifications 000 and 001): a HEAD answering 425 means
 * not ready yet, 404 that no label is expected; polling waits 3, 5, 10 and
 * 15 seconds in turn, then gives up as not available (the user may ask again).
 */
export const LABEL_POLL_WAITS_MS: readonly number[] = [3_000, 5_000, 10_000, 15_000];

export type LabelProbeAnswer = 'ready' | 'pending' | 'none';
export type LabelReadiness = 'checking' | 'pending' | 'ready' | 'none' | 'unavailable';

export interface PollOptions {
  waits?: readonly number[];
  sleep(ms: number): Promise<void>;
  /** Told each time the label is not ready yet (and a wait begins). */
  onPending?(): void;
  signal?: AbortSignal;
}

/**
 * Asks at once, then after each wait in turn; a failed request counts as not
 * ready. Ends 'ready', 'none' or, after the last wait, 'unavailable'.
 */
export async function pollLabel(probe: () => Promise<LabelProbeAnswer>, options: PollOptions): Promise<Exclude<LabelReadiness, 'checking' | 'pending'>> {
  const waits = options.waits ?? LABEL_POLL_WAITS_MS;
  for (let attempt = 0; ; attempt++) {
    const answer = await probe().catch((error: unknown) => {
      if (options.signal?.aborted) throw error;
      return 'pending' as const;
    });
    if (answer !== 'pending') return answer;
    const wait = waits[attempt];
    if (wait === undefined) return 'unavailable';
    options.onPending?.();
    await options.sleep(wait);
    if (options.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  }
}

