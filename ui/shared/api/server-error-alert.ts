import { ApiError } from './client.js';

/**
 * The error state of specification 002 §3 (code and response in `error`):
 * the modal's button goes home (`goHome`), reloads the page (`reloadPage`, a
 * screen could not load) or goes to a named route (`redirectToRoute`, one of
 * the app's own names), else just closes; `message` replaces the server's,
 * and `hideGenericMessage` drops the generic prefix before it.
 */
export interface ServerErrorAlert<Route extends string = string> {
  error: ApiError;
  reloadPage: boolean;
  goHome?: boolean;
  redirectToRoute?: Route | null;
  message?: string | null;
  hideGenericMessage?: boolean;
}

/** How long the display flag stays up once an error raised the modal (specification 000 §8, 002 §4). */
export const ERROR_DISPLAY_FLAG_MS = 3_000;

/**
 * The display flag: up for ERROR_DISPLAY_FLAG_MS once an error raised the
 * modal, so a burst of failures (a screen's several queries failing at once,
 * a retry loop) gives one modal, not one after another as each is closed.
 */
export function createDisplayFlag() {
  let until = 0;
  let now = () => Date.now();
  return {
    /** Raises the flag; false when it was already up (the error is not shown). */
    raise(): boolean {
      if (now() < until) return false;
      until = now() + ERROR_DISPLAY_FLAG_MS;
      return true;
    },
    raised: (): boolean => now() < until,
    /** Tests: the clock the flag reads, and a fresh start. */
    useClock(clock: () => number): void {
      now = clock;
      until = 0;
    },
  };
}

/** A server (5xx) or network failure: the modal's, where a refusal (4xx) is the screen's business. */
export function isServerFailure(error: unknown): error is ApiError {
  return error instanceof ApiError && error.isServerError;
}
