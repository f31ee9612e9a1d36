import type { DependencyContainer } from 'tsyringe';
import type { Clock } from '../../application/ports/clock.js';
import type { CommandContext } from '../../application/commands/command-slice.js';
import type { AuthService } from '../../application/organizations/auth-service.js';
import { ORGANIZATION_COLLECTIONS, type UserDocument } from '../../application/organizations/read-models.js';
import type { DocumentStore } from '../../application/ports/document-store.js';
import { TOKENS } from '../../application/tokens.js';
import type { ModuleType } from '../../domain/organizations/events.js';

/**
 * The demo's activity: what its users did in the last weeks (buybacks
 * registered, shipped, received, checked…), written on first start after
 * the demo data, through the application's own commands, so that every
 * screen has something to show. Time is the activity's own: each step sets
 * the clock to when it happened.
 */
export interface DemoActivityContext {
  container: DependencyContainer;
  /** The moment the next command happens at; `at(-3)` is three days ago. */
  clock: DemoClock;
  /** A demo user as a signed-in request has them, in a module. */
  actAs(email: string, module?: ModuleType): Promise<CommandContext>;
  /** Waits until the process managers and the read models have caught up with a command's events. */
  settle(position: number | null): Promise<void>;
}

/** A clock the demo activity moves: `at(daysAgo, hour)` sets it. */
export class DemoClock implements Clock {
  private current: number;
  constructor(private readonly start: number) {
    this.current = start;
  }

  now(): string {
    return new Date(this.current).toISOString();
  }

  /** `days` before the start (negative: in the past), at this hour and minute (UTC). */
  at(days: number, hour = 10, minute = 0): this {
    const day = new Date(this.start + days * 86_400_000);
    day.setUTCHours(hour, minute, 0, 0);
    this.current = Math.min(day.getTime(), this.start);
    return this;
  }

  /** A few minutes later. */
  later(minutes = 5): this {
    this.current = Math.min(this.current + minutes * 60_000, this.start);
    return this;
  }
}

export function demoActivityContext(
  container: DependencyContainer,
  start: number,
  settle: (position: number | null) => Promise<void>,
): DemoActivityContext {
  const auth = container.resolve<AuthService>(TOKENS.AuthService);
  const documents = container.resolve<DocumentStore>(TOKENS.DocumentStore);
  const clock = new DemoClock(start);
  let sequence = 0;
  return {
    container,
    clock,
    settle,
    async actAs(email, module) {
      const [user] = await documents.collection<UserDocument>(ORGANIZATION_COLLECTIONS.users).find({ email }, { limit: 1 });
      if (!user) throw new Error(`No demo user ${email}`);
      return { principal: await auth.principalOf(user, module), correlationId: `demo-activity-${++sequence}`, locale: user.locale };
    },
  };
}
