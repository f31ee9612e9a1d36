import { BUYBACK_EVENT_TYPES, type BuybackEvent, type BuybackRegistered } from '../../domain/buybacks/events.js';
import { buybackStatus, type BuybackSnapshot } from '../../domain/buybacks/machine.js';
import { defaultProviderOf, paidAtCreation, paymentDueOf, paymentFollowing } from '../../domain/payments/buyback-payment-sync.js';
import type { PaymentCommand } from '../../domain/payments/commands.js';
import type { PaymentEvent } from '../../domain/payments/events.js';
import type { PaymentSnapshot } from '../../domain/payments/machine.js';
import { paymentModifierOf, type PaymentModifier } from '../../domain/payments/modifier.js';
import type { PaymentProvider } from '../../domain/payments/state.js';
import { voucherCode, VOUCHER_RANDOM_DIGITS } from '../../domain/payments/voucher-code.js';
import type { Decider } from '../../domain/shared/decider.js';
import { DomainError } from '../../domain/shared/domain-error.js';
import { money, type Money } from '../../domain/shared/money.js';
import { buybackDecider } from '../buybacks/buyback-decider.js';
import { BUYBACK_STREAMS } from '../buybacks/streams.js';
import { CATALOG_COLLECTIONS, type PaymentModeDocument } from '../catalog/read-models.js';
import { foldStream, handleCommand } from '../commands/command-handler.js';
import { toDomainEvent } from '../events/codec.js';
import type { IdGenerator } from '../ports/clock.js';
import type { DocumentStore } from '../ports/document-store.js';
import type { EventStore, StoredEvent } from '../ports/event-store.js';
import type { ProcessManager } from '../process-managers/process-manager-runner.js';
import { PAYMENT_PROCESS, paymentFollowUpMetadata, paymentStreamOf } from './buyback-payment-pair.js';
import { paymentDecider } from './payment-decider.js';
import { paymentIdOf } from './streams.js';
import { effectivePaymentModifier } from '../../domain/catalog/pricing/premium-features.js';
import { ORGANIZATION_COLLECTIONS, type AccountDocument } from '../organizations/read-models.js';

export interface PaymentProcessPorts {
  eventStore: EventStore;
  documents: DocumentStore;
  ids: IdGenerator;
}

/** The buyback events this process reads: those that make a payment due, and those its payment follows. */
const HANDLED = new Set<string>(['BuybackRegistered', 'BuybackCompletedByPrice', 'BuybackCompletedWithAbsorption', 'BuybackCompleted', 'BuybackNewPriceAccepted', 'BuybackCompletedAfterLoss', 'BuybackCancelled']);

/** What the process asks of a payment for one buyback event: its creation when the event makes it due, and the buyback as read with the decision. */
interface FollowUp {
  event: BuybackEvent;
  creation: PaymentCommand[] | null;
  buyback: BuybackSnapshot;
}

/**
 * The payment's follow-up of a buyback event, decided on the payment's state
 * and the buyback's as read together: created when the event makes it due
 * and the buyback is not cancelled; otherwise the follow-up the buyback's
 * command decided (found written by its key) or a handed-over voucher's
 * claim. Several commands are decided in turn, appended together.
 */
const paymentFollowUp: Decider<PaymentSnapshot, FollowUp, PaymentEvent> = {
  initialState: paymentDecider.initialState,
  evolve: paymentDecider.evolve,
  decide({ event, creation, buyback }, payment) {
    let commands: PaymentCommand[];
    if (payment.context.paymentId === null) commands = creation === null || buybackStatus(buyback) === 'bb_cancelled' ? [] : creation;
    else {
      const following = paymentFollowing(event, payment);
      commands = following === null ? [] : [following];
    }
    const events: PaymentEvent[] = [];
    let current = payment;
    for (const command of commands) {
      const decided = paymentDecider.decide(command, current);
      events.push(...decided);
      current = decided.reduce(paymentDecider.evolve, current);
    }
    return events;
  },
};

/**
 * A buyback's payment follows its buyback (the buyback-item process manager
 * is the pattern). When the buyback completes (by price, with absorption, at
 * a new price, or after its item's loss) the payment is created, with the
 * amount its payment mode's bonus or malus gives; a gift card or voucher
 * handed over in store is created, its code issued and paid at
 * registration. Exactly once: the payment's id derives from the buyback's,
 * so a second delivery (or two at once) finds the stream written, by its key
 * or by its creation; the creation is appended with the buyback's stream at
 * the revision read, so a buyback cancelled meanwhile gets no payment.
 * Cancellations and claims are decided with the buyback's command
 * (buyback-payment-pair.ts); here they are found written, keyed the same.
 */
export class PaymentProcess implements ProcessManager {
  readonly name = PAYMENT_PROCESS;
  readonly eventTypes = BUYBACK_EVENT_TYPES.filter((type) => HANDLED.has(type));

  constructor(private readonly ports: PaymentProcessPorts) {}

  async handle(stored: StoredEvent): Promise<number | null> {
    if (!BUYBACK_STREAMS.buyback.owns(stored.streamName)) return null;
    const buybackId = BUYBACK_STREAMS.buyback.idOf(stored.streamName);
    const event = toDomainEvent<BuybackEvent>(stored);
    const buybackStream = BUYBACK_STREAMS.buyback.name(buybackId);
    const [first] = await this.ports.eventStore.readStream(buybackStream);
    const registered = first && toDomainEvent<BuybackEvent>(first);
    if (!first || registered?.type !== 'BuybackRegistered') return null;
    const creation = await this.creationFor(event, registered.data, first);
    try {
      const result = await handleCommand(
        this.ports.eventStore,
        paymentStreamOf(buybackId),
        paymentFollowUp,
        (history) => ({ event, creation, buyback: foldStream(buybackDecider, history(buybackStream)) }),
        {
          metadata: paymentFollowUpMetadata(stored),
          newEventId: () => this.ports.ids.uuid(),
          // The buyback's stream, unchanged since read (no events: a consistency check).
          companions: [{ stream: buybackStream, follow: () => [] }],
        },
      );
      return result.replayed || result.events.length === 0 ? null : result.position;
    } catch (error) {
      // Refused on the payment's state (a claim with no difference…): nothing to do.
      if (error instanceof DomainError) return null;
      throw error;
    }
  }

  /** The payment's creation for an event that makes it due: the payment mode's provider and bonus or malus, a code for a voucher paid at once. */
  private async creationFor(event: BuybackEvent, registration: BuybackRegistered['data'], registeredEvent: StoredEvent): Promise<PaymentCommand[] | null> {
    const due = paymentDueOf(event);
    if (due === null) return null;
    const mode = await this.ports.documents.collection<PaymentModeDocument>(CATALOG_COLLECTIONS.paymentModes).get(registration.paymentMode.id);
    // A bonus or malus is paid only while the retailer has the payment_bonus premium feature, as the estimate showed it.
    const account = await this.ports.documents.collection<AccountDocument>(ORGANIZATION_COLLECTIONS.accounts).get(registeredEvent.metadata.accountId);
    const type = registration.paymentMode.type;
    const provider = providerOf(mode) ?? defaultProviderOf(type);
    const paymentId = paymentIdOf(registration.buybackId);
    const commands: PaymentCommand[] = [
      {
        type: 'CreatePayment',
        data: {
          paymentId,
          buybackId: registration.buybackId,
          accountId: registeredEvent.metadata.accountId,
          buyback: {
            identificationNumber: registration.identificationNumber,
            storeId: registration.storeId,
            warehouseId: registration.warehouseId,
            buyerId: registration.buyerId,
            organizationId: registeredEvent.metadata.organizationId,
          },
          origin: due.origin,
          paymentModeId: registration.paymentMode.id,
          paymentType: type,
          provider,
          validatedPrice: due.validatedPrice as Money,
          // As registered: the modifier and circuit bonus the customer was shown; a buyback registered before they were kept (pricing null) reads its mode's now.
          modifier: registration.pricing?.paymentModifier ?? effectivePaymentModifier(modifierOf(mode), account?.settings.enabledPremiumFeatures ?? []),
          circuitBonus: registration.pricing?.circuitBonus ?? money(0, (due.validatedPrice as Money).currency),
        },
      },
    ];
    if (paidAtCreation(type, provider) || due.origin === 'store_handover') {
      commands.push({ type: 'IssueVoucherCode', data: { voucherCode: voucherCode(this.ports.ids.digits(VOUCHER_RANDOM_DIGITS)) } });
      commands.push({ type: 'CompletePayment', data: { providerReference: null } });
    }
    return commands;
  }
}

/** The provider a payment mode names; none for modes configured before providers existed. */
function providerOf(mode: PaymentModeDocument | null): PaymentProvider | null {
  return ((mode as { provider?: PaymentProvider | null } | null)?.provider ?? null) || null;
}

/** The payment mode's bonus or malus, in the payments' shape whichever shape the mode keeps. */
function modifierOf(mode: PaymentModeDocument | null): PaymentModifier {
  const kept = (mode as { modifier?: unknown } | null)?.modifier ?? null;
  if (kept !== null && typeof kept === 'object' && 'kind' in kept) return kept as PaymentModifier;
  return paymentModifierOf((kept as PaymentModeDocument['modifier']) ?? null);
}
