import { describe, expect, it } from 'vitest';
import { withRecordingRetries } from '../../bench/lighthouse-runner.js';

/** A run that fails with each of `failures` in turn, then answers `result`. */
function failingThen(failures: string[], result = 'scores') {
  let calls = 0;
  return {
    run: async () => {
      const failure = failures[calls++];
      if (failure !== undefined) throw new Error(failure);
      return result;
    },
    calls: () => calls,
  };
}

describe('Given the Lighthouse benchmark running a page (bench/lighthouse-runner.ts)', () => {
  it('When Lighthouse fails to record the load once, then the page is run again and its result kept', async () => {
    const attempt = failingThen(['Lighthouse on http://x/category: NO_NAVSTART Something went wrong with recording the trace']);
    const retried: string[] = [];
    await expect(withRecordingRetries(attempt.run, (reason) => retried.push(reason))).resolves.toBe('scores');
    expect(attempt.calls()).toBe(2);
    expect(retried).toHaveLength(1);
    expect(retried[0]).toContain('NO_NAVSTART');
  });

  it('When the page itself fails (no paint), then it is not run again: the failure is the result', async () => {
    const attempt = failingThen(['Lighthouse on http://x/: NO_FCP The page did not paint any content']);
    await expect(withRecordingRetries(attempt.run, () => undefined)).rejects.toThrow(/NO_FCP/);
    expect(attempt.calls()).toBe(1);
  });

  it('When the recording keeps failing, then it gives up after two more runs', async () => {
    const attempt = failingThen(['NO_NAVSTART', 'NO_NAVSTART', 'NO_TRACING_STARTED', 'NO_NAVSTART']);
    await expect(withRecordingRetries(attempt.run, () => undefined)).rejects.toThrow(/NO_TRACING_STARTED/);
    expect(attempt.calls()).toBe(3);
  });
});
