import { inject, injectable } from 'tsyringe';
import type { EventStore } from '../ports/event-store.js';
import type { Clock, IdGenerator } from '../ports/clock.js';
import type { PersonalDataVault } from '../ports/personal-data.js';
import { TOKENS } from '../tokens.js';
import { streamName } from '../events/streams.js';
import { toNewEvent } from '../events/codec.js';
import type { CustomerForgotten } from '../../domain/buybacks/customer-events.js';

/**
 * The right to be forgotten: the subject's key is deleted (their sealed data
 * can never be read again, in any event), then CustomerForgotten tells the
 * live read models to drop the clear copies they hold.
 */
@injectable()
export class CustomerService {
  constructor(
    @inject(TOKENS.EventStore) private readonly eventStore: EventStore,
    @inject(TOKENS.PersonalDataVault) private readonly vault: PersonalDataVault,
    @inject(TOKENS.Clock) private readonly clock: Clock,
    @inject(TOKENS.IdGenerator) private readonly ids: IdGenerator,
  ) {}

  async forgetByEmail(input: { email: string; accountId: string; userId: string | null; correlationId: string }) {
    const subjectId = this.vault.subjectIdFor(input.accountId, input.email);
    const keyDeleted = await this.vault.forget(subjectId);
    const event: CustomerForgotten = { type: 'CustomerForgotten', data: { subjectId } };
    const appended = await this.eventStore.appendToStream(
      streamName('customer', subjectId),
      [
        toNewEvent(event, this.ids.uuid(), {
          accountId: input.accountId,
          organizationId: null,
          userId: input.userId,
          correlationId: input.correlationId,
          causationId: null,
          occurredAt: this.clock.now(),
        }),
      ],
      'any',
    );
    return { subjectId, keyDeleted, position: appended.lastGlobalPosition };
  }
}
