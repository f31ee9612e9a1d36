import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IdGenerator } from '../../application/ports/clock.js';
import type { EventStore } from '../../application/ports/event-store.js';
import { toNewEvent } from '../../application/events/codec.js';
import { registerBuyback, type RegisterBuybackInput } from '../../application/buybacks/commands/register-buyback.js';
import { BuybackPorts } from '../../application/buybacks/buyback-ports.js';
import type { Principal } from '../../application/organizations/principal.js';
import type { AuthService } from '../../application/organizations/auth-service.js';
import { ApplicationError } from '../../application/commands/errors.js';
import { TOKENS } from '../../application/tokens.js';
import { identificationNumberFrom, IDENTIFICATION_NUMBER_PREFIX } from '../../domain/values/identification-number.js';
import { CryptoIdGenerator } from '../../infrastructure/system/clock.js';
import { creationBody, PARIS } from '../support/buyback-fixtures.js';
import { startTestPlatform, type TestPlatform } from '../support/test-platform.js';
import { BUYBACK_STREAMS } from '../../application/buybacks/streams.js';

/**
 * The identification number is made unique by creating the stream
 * `buyback_number-<n>`. The reservation and the registration are one atomic
 * append (every event store has one): a taken number is never reused.
 */
let t: TestPlatform;
let principal: Principal;
let body: Omit<RegisterBuybackInput, 'channel' | 'storeId'>;

beforeAll(async () => {
  t = await startTestPlatform();
  const seller = await t.login('seller@demo.test');
  principal = (await t.platform.container.resolve<AuthService>(TOKENS.AuthService).authenticate(seller.token!, undefined)).principal;
  body = await creationBody(seller, { paymentType: 'bank_transfer' });
});
afterAll(async () => {
  await t?.close();
});

/** Real random ids, except that the first `digits(11)` draws are the ones given. */
class ScriptedDigits extends CryptoIdGenerator implements IdGenerator {
  constructor(private readonly draws: string[]) {
    super();
  }
  override digits(count: number): string {
    return this.draws.shift() ?? super.digits(count);
  }
}

/** Registers a store buyback in Paris with the platform's ports, except the ids and the event store given. */
function register(ids: IdGenerator, eventStore: EventStore = t.platform.eventStore) {
  const child = t.platform.container.createChildContainer();
  child.register(TOKENS.IdGenerator, { useValue: ids });
  child.register(TOKENS.EventStore, { useValue: eventStore });
  const ports = child.resolve(BuybackPorts);
  return registerBuyback.run(ports, context(), { ...body, channel: 'store', storeId: PARIS });
}

/** Reserves numbers as earlier buybacks did; returns the 11 drawn digits of each. */
async function takeNumbers(count: number): Promise<string[]> {
  const draws = Array.from({ length: count }, () => new CryptoIdGenerator().digits(11));
  for (const digits of draws) {
    const number = identificationNumberFrom(IDENTIFICATION_NUMBER_PREFIX + digits);
    await t.platform.eventStore.appendToStream(
      BUYBACK_STREAMS.identificationNumber.name(number),
      [
        toNewEvent({ type: 'IdentificationNumberReserved', data: { buybackId: randomUUID(), identificationNumber: number } }, randomUUID(), {
          accountId: principal.accountId!,
          organizationId: PARIS,
          userId: null,
          correlationId: randomUUID(),
          causationId: null,
          occurredAt: new Date().toISOString(),
        }),
      ],
      'no_stream',
    );
  }
  return draws;
}

const context = () => ({ principal, correlationId: randomUUID(), locale: 'fr-FR' as const });

describe.each([['one atomic multi-stream append', (store: EventStore) => store]])('the identification number, reserved with %s', (_name, view) => {
  it('Given the first number drawn is already taken, When a buyback is registered, Then another is drawn and the taken one keeps its single reservation', async () => {
    const [taken] = await takeNumbers(1);
    const takenNumber = identificationNumberFrom(IDENTIFICATION_NUMBER_PREFIX + taken!);

    const outcome = await register(new ScriptedDigits([taken!]), view(t.platform.eventStore));

    expect(outcome.identificationNumber).not.toBe(takenNumber);
    expect(await t.platform.eventStore.readStream(BUYBACK_STREAMS.identificationNumber.name(takenNumber))).toHaveLength(1);
    const reservation = await t.platform.eventStore.readStream(BUYBACK_STREAMS.identificationNumber.name(outcome.identificationNumber));
    expect(reservation.map((event) => event.data)).toEqual([{ buybackId: outcome.id, identificationNumber: outcome.identificationNumber }]);
    const registered = await t.platform.eventStore.readStream(BUYBACK_STREAMS.buyback.name(outcome.id));
    expect(registered.map((event) => event.type)).toEqual(['BuybackRegistered.v4']);
    expect(registered[0]!.data.identificationNumber).toBe(outcome.identificationNumber);
    expect(registered[0]!.globalPosition).toBeGreaterThan(reservation[0]!.globalPosition);
    expect(outcome).toMatchObject({ status: 'bb_awaiting_inventory', revision: 0, position: registered[0]!.globalPosition });
  });

  it('Given every number drawn is taken, When a buyback is registered, Then it answers IDENTIFICATION_NUMBER_EXHAUSTED', async () => {
    const taken = await takeNumbers(5);
    const before = await t.platform.eventStore.lastGlobalPosition();

    const registering = register(new ScriptedDigits([...taken]), view(t.platform.eventStore));

    await expect(registering).rejects.toBeInstanceOf(ApplicationError);
    await expect(registering).rejects.toMatchObject({ code: 'IDENTIFICATION_NUMBER_EXHAUSTED' });
    expect(await t.platform.eventStore.lastGlobalPosition()).toBe(before);
  });
});
