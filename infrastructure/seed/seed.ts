import { randomUUID } from 'node:crypto';
import type { EventStore } from '../../application/ports/event-store.js';
import type { PasswordHasher } from '../../application/ports/security.js';
import type { Clock } from '../../application/ports/clock.js';
import { toNewEvent } from '../../application/events/codec.js';
import { DEMO_PASSWORD } from './seed-streams.js';
import type { PlatformModule } from '../modules/platform-module.js';

/**
 * Writes the demo data on an empty event store (first start). Each stream is
 * created with `no_stream`, so running it twice never duplicates anything.
 */
export async function seedDemoDataIfEmpty(
  eventStore: EventStore,
  hasher: PasswordHasher,
  clock: Clock,
  modules: readonly PlatformModule[],
): Promise<number> {
  if ((await eventStore.lastGlobalPosition()) > 0) return 0;
  const passwordHash = await hasher.hash(DEMO_PASSWORD);
  const correlationId = randomUUID();
  let streams = 0;
  const context = { passwordHash };
  for (const stream of modules.flatMap((module) => module.demoData?.(context) ?? [])) {
    const occurredAt = stream.offsetMinutes ? new Date(Date.parse(clock.now()) + stream.offsetMinutes * 60_000).toISOString() : clock.now();
    await eventStore.appendToStream(
      stream.streamName,
      stream.events.map((event) =>
        toNewEvent(event, randomUUID(), {
          accountId: stream.accountId,
          organizationId: stream.organizationId,
          userId: stream.userId ?? null,
          correlationId,
          causationId: null,
          occurredAt,
        }),
      ),
      'no_stream',
    );
    streams += 1;
  }
  return streams;
}
