import { useEffect, useState } from 'react';
import { ApiError, type ApiClient } from '../api/client';
import { pollLabel, type LabelProbeAnswer, type LabelReadiness } from './poll-label';

/** HEAD on a label's address: 200 ready, 425 being made, 404 none expected; any other answer throws. */
export async function probeLabel(api: ApiClient, path: string, signal?: AbortSignal): Promise<LabelProbeAnswer> {
  try {
    await api.request('HEAD', path, { signal, as: 'text' });
    return 'ready';
  } catch (error) {
    if (error instanceof ApiError && error.status === 425) return 'pending';
    if (error instanceof ApiError && error.status === 404) return 'none';
    throw error;
  }
}

/** The label at `path` polled while the component shows; `retry` starts again after 'unavailable'. */
export function useLabelReadiness(api: ApiClient, path: string | null): { state: LabelReadiness; retry(): void } {
  const [state, setState] = useState<LabelReadiness>('checking');
  const [round, setRound] = useState(0);
  useEffect(() => {
    if (!path) return;
    const controller = new AbortController();
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const sleep = (ms: number) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, ms);
        timers.add(timer);
      });
    setState('checking');
    pollLabel(() => probeLabel(api, path, controller.signal), { sleep, signal: controller.signal, onPending: () => setState('pending') }).then(
      (final) => {
        if (!controller.signal.aborted) setState(final);
      },
      () => undefined,
    );
    return () => {
      controller.abort();
      timers.forEach(clearTimeout);
    };
  }, [api, path, round]);
  return { state, retry: () => setRound((value) => value + 1) };
}
