import { describe, expect, it } from 'vitest';
import { LABEL_POLL_WAITS_MS, pollLabel, type LabelProbeAnswer } from '../../ui/shared/labels/poll-label.js';

/** A probe answering in turn, and the waits it was made to sit through. */
function scripted(...answers: Array<LabelProbeAnswer | Error>) {
  const waits: number[] = [];
  let calls = 0;
  const probe = async (): Promise<LabelProbeAnswer> => {
    const answer = answers[Math.min(calls++, answers.length - 1)] as LabelProbeAnswer | Error;
    if (answer instanceof Error) throw answer;
    return answer;
  };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { probe, sleep, waits, calls: () => calls };
}

describe('polling a label', () => {
  it('given a label ready at once, when polled, then it is ready without waiting', async () => {
    const script = scripted('ready');
    await expect(pollLabel(script.probe, { sleep: script.sleep })).resolves.toBe('ready');
    expect(script.waits).toEqual([]);
  });

  it('given a label never ready, when polled, then it waits 3, 5, 10 and 15 seconds in turn and says it is not available', async () => {
    const script = scripted('pending');
    await expect(pollLabel(script.probe, { sleep: script.sleep })).resolves.toBe('unavailable');
    expect(script.waits).toEqual([3_000, 5_000, 10_000, 15_000]);
    expect(script.waits).toEqual(LABEL_POLL_WAITS_MS);
    expect(script.calls()).toBe(5);
  });

  it('given a label ready on the third question, when polled, then it stops there', async () => {
    const script = scripted('pending', 'pending', 'ready');
    await expect(pollLabel(script.probe, { sleep: script.sleep })).resolves.toBe('ready');
    expect(script.waits).toEqual([3_000, 5_000]);
  });

  it('given no label expected, when polled, then it says so at once', async () => {
    const script = scripted('none');
    await expect(pollLabel(script.probe, { sleep: script.sleep })).resolves.toBe('none');
    expect(script.waits).toEqual([]);
  });

  it('given a request that fails, when polled, then it counts as not ready and the polling goes on', async () => {
    const script = scripted(new Error('network'), 'ready');
    let pending = 0;
    await expect(pollLabel(script.probe, { sleep: script.sleep, onPending: () => pending++ })).resolves.toBe('ready');
    expect(script.waits).toEqual([3_000]);
    expect(pending).toBe(1);
  });
});
