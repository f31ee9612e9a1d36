import type { Clock } from '../../application/ports/clock.js';

/** The platform's clock, running with the system's, which a test moves forward. */
export class MovableClock implements Clock {
  offsetMs = 0;

  now(): string {
    return new Date(Date.now() + this.offsetMs).toISOString();
  }

  advanceMs(ms: number): void {
    this.offsetMs += ms;
  }

  advanceDays(days: number): void {
    this.advanceMs(days * 86_400_000);
  }
}
