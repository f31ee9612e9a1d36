/**
 * Resolves in a new task of the event loop: the work after it does not share the current task (a browser paints,
 * and answers a tap, in between). Long tasks on a phone are what Lighthouse counts as total blocking time.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
