/**
 * A step's working time as the screens show it: the closed runs the API
 * counted (`timeSpentMs`, pauses excluded) plus, while the step runs, the time
 * since its last start or resume (`runningSince`), counted here with the
 * screen's clock so it ticks each second.
 */
export interface TimedStep {
  timeSpentMs: number;
  runningSince: string | null;
}

/** Milliseconds worked at `nowMs` (the running part never negative, whatever the clocks' drift). */
export function workedMs(step: TimedStep, nowMs: number): number {
  const since = step.runningSince ? Date.parse(step.runningSince) : Number.NaN;
  return step.timeSpentMs + (Number.isNaN(since) ? 0 : Math.max(0, nowMs - since));
}

/** Milliseconds as m:ss, or h:mm:ss from an hour (whole seconds, never rounded up). */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1_000));
  const hours = Math.floor(total / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}
